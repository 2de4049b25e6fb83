import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../services/http';
import { wireRecord, wireReservation, betListPage, myBetsMember } from '../../testing/betRecordFixtures';
import { fakeEnv } from '../../testing/fakeEnv';
import { myBetsOf, checkCustomRange, shiftDay } from './myBets';
import { createRootStore } from '../../core/store/RootStore';

// 12:00 on Saturday 21 November 2026 in Shanghai (the platform's default zone).
const NOW = Date.UTC(2026, 10, 21, 4, 0);
const shanghaiMidnight = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 8 * 3_600_000;
const dayEnd = (y: number, m: number, d: number) => shanghaiMidnight(y, m, d) + 86_400_000 - 1;

function setup(options: { login?: boolean; now?: number } = {}) {
  const { env, http } = fakeEnv({ now: () => options.now ?? NOW });
  const store = createRootStore({}, env);
  store.settings.restore('en');
  if (options.login !== false) store.applyHostProps(myBetsMember);
  http.betting.post.mockResolvedValue(betListPage([wireRecord()]));
  return { env, http, store, myBets: myBetsOf(store) };
}

const lastBody = (http: ReturnType<typeof fakeEnv>['http']) => http.betting.post.mock.calls.at(-1)?.[1] as Record<string, unknown>;

describe('my bets', () => {
  it('loads the unsettled orders of the member: page 1 of 200, no date range, records mapped from short keys', async () => {
    const { http, myBets } = setup();
    await myBets.load();
    expect(http.betting.post).toHaveBeenCalledWith('/v1/order/new/bet/list', { isSettled: false, current: 1, size: 200, currencyId: 1, language: 'ENG' });
    expect(myBets.status).toBe('ready');
    expect(myBets.records).toHaveLength(1);
    expect(myBets.records[0]).toMatchObject({ id: '1763700000000000001', betAmount: '100.00', orderStatus: 4 });
    expect(myBets.total).toBe(1);
    expect(myBets.tamt).toBe('100.00');
    expect(myBets.statistics).toEqual([{ coinId: 1, coinName: 'CNY', count: 1, stakeAmount: '100.00', payoutAmount: '0.00', winLose: '0.00' }]);
  });

  it('asks for nothing when nobody is logged in, and forgets the history when the member leaves', async () => {
    const { http, store, myBets } = setup({ login: false });
    myBets.open();
    await myBets.load();
    await myBets.setSettlementType('settled');
    await myBets.setSettlementType('reserved');
    expect(http.betting.post).not.toHaveBeenCalled();
    expect(myBets.status).toBe('idle');

    // Signing in while the view shows loads it.
    store.applyHostProps(myBetsMember);
    await Promise.resolve();
    expect(http.betting.post).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(myBets.records).toHaveLength(0); // reserved view: the answer has no ods
    store.applyHostProps({ isLogin: false });
    expect(myBets.records).toEqual([]);
    expect(myBets.statistics).toEqual([]);
    expect(myBets.status).toBe('idle');
    myBets.close();
  });

  it('selecting a settlement type resets page, total and statistics; isSettled follows it unless reserved', async () => {
    const { http, myBets } = setup();
    http.betting.post.mockResolvedValue(betListPage([wireRecord()], { total: 450 }));
    await myBets.load();
    await myBets.setPage(2);
    expect(myBets.current).toBe(2);
    expect(myBets.total).toBe(450);

    let pending = myBets.setSettlementType('settled');
    // Reset at once, before the answer.
    expect(myBets.current).toBe(1);
    expect(myBets.total).toBe(0);
    expect(myBets.statistics).toEqual([]);
    expect(myBets.records).toEqual([]);
    expect(myBets.isSettled).toBe(true);
    await pending;
    expect(lastBody(http)).toMatchObject({ isSettled: true, current: 1, size: 50 });

    http.betting.post.mockResolvedValue({ ods: [wireReservation()], sts: [{ coinId: 1, coinName: 'CNY', count: 1, stakeAmount: '50.00' }] });
    pending = myBets.setSettlementType('reserved');
    expect(myBets.isSettled).toBe(true); // reserved leaves the flag as it was
    expect(myBets.total).toBe(0);
    await pending;
    expect(http.betting.post).toHaveBeenLastCalledWith('/v1/order/new/reserve/betList', { isFailed: false, currencyId: 1, language: 'ENG' });
    expect(myBets.reservations.map((r) => r.reserveId)).toEqual(['1763700000000000501']);
    expect(myBets.statistics).toEqual([{ coinId: 1, coinName: 'CNY', count: 1, stakeAmount: '50.00' }]);

    http.betting.post.mockResolvedValue(betListPage([]));
    await myBets.setSettlementType('unsettled');
    expect(myBets.isSettled).toBe(false);
    expect(lastBody(http)).toMatchObject({ isSettled: false, size: 200 });
    expect(myBets.reservations).toEqual([]);
  });

  describe('date ranges of the settled view, in the platform time zone', () => {
    it('today by default, yesterday, and this week = the last 6 days through today', async () => {
      const { http, myBets } = setup();
      await myBets.setSettlementType('settled');
      expect(lastBody(http)).toMatchObject({ startTime: shanghaiMidnight(2026, 11, 21), endTime: dayEnd(2026, 11, 21) });

      await myBets.setDateRangeType('yesterday');
      expect(lastBody(http)).toMatchObject({ startTime: shanghaiMidnight(2026, 11, 20), endTime: dayEnd(2026, 11, 20) });

      await myBets.setDateRangeType('thisWeek');
      expect(lastBody(http)).toMatchObject({ startTime: shanghaiMidnight(2026, 11, 15), endTime: dayEnd(2026, 11, 21) });
    });

    it('follows the configured time zone', async () => {
      // 02:00 UTC on the 21st is still the 20th in New York.
      const { http, store, myBets } = setup({ now: Date.UTC(2026, 10, 21, 2, 0) });
      store.ui.setTimezone('America/New_York');
      await myBets.setSettlementType('settled');
      expect(lastBody(http)).toMatchObject({ startTime: Date.UTC(2026, 10, 20, 5, 0), endTime: Date.UTC(2026, 10, 21, 5, 0) - 1 });
    });

    it('a custom range runs from the start of its first day to the end of its last', async () => {
      const { http, myBets } = setup();
      await myBets.setSettlementType('settled');
      expect(myBets.setCustomRange('2026-11-01', '2026-11-10')).toBe(true);
      expect(myBets.dateRangeType).toBe('custom');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(lastBody(http)).toMatchObject({ isSettled: true, current: 1, startTime: shanghaiMidnight(2026, 11, 1), endTime: dayEnd(2026, 11, 10) });
    });

    it('refuses a custom range reaching further back than 45 days, or ending before it starts, with a message and no call', async () => {
      const { http, myBets } = setup();
      await myBets.setSettlementType('settled');
      const calls = http.betting.post.mock.calls.length;
      expect(myBets.historyDays()).toEqual({ today: '2026-11-21', earliest: '2026-10-07' });

      expect(myBets.setCustomRange('2026-10-06', '2026-11-21')).toBe(false);
      expect(myBets.rangeError).toBe('outsideHistoryWindow');
      expect(myBets.setCustomRange('2026-11-10', '2026-11-01')).toBe(false);
      expect(myBets.rangeError).toBe('endBeforeStart');
      expect(myBets.setCustomRange('2026-11-31', '2026-12-01')).toBe(false);
      expect(myBets.rangeError).toBe('invalidDate');
      expect(http.betting.post.mock.calls.length).toBe(calls);
      expect(myBets.dateRangeType).toBe('today');

      // Exactly 45 days back is fine, and clears the message.
      expect(myBets.setCustomRange('2026-10-07', '2026-11-21')).toBe(true);
      expect(myBets.rangeError).toBeUndefined();
    });

    it('checks custom days as calendar days', () => {
      expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
      expect(shiftDay('2026-11-21', -45)).toBe('2026-10-07');
      expect(checkCustomRange('', '2026-11-01', '2026-11-21')).toBe('missingCustomRange');
      expect(checkCustomRange('2026-02-30', '2026-03-01', '2026-11-21')).toBe('invalidDate');
      expect(checkCustomRange('2026-11-01', '2026-11-01', '2026-11-21')).toBeUndefined();
    });
  });

  it('pages with `current`: 50 a page when settled, within the page count', async () => {
    const { http, myBets } = setup();
    http.betting.post.mockResolvedValue(betListPage([wireRecord()], { total: 120 }));
    await myBets.setSettlementType('settled');
    expect(myBets.pageSize).toBe(50);
    expect(myBets.pageCount).toBe(3);
    await myBets.setPage(3);
    expect(lastBody(http)).toMatchObject({ current: 3, size: 50 });
    const calls = http.betting.post.mock.calls.length;
    await myBets.setPage(9);
    expect(myBets.current).toBe(3);
    expect(http.betting.post.mock.calls.length).toBe(calls);
    await myBets.setPage(1);
    expect(lastBody(http)).toMatchObject({ current: 1 });
    // A new date range starts from the first page again.
    await myBets.setPage(2);
    await myBets.setDateRangeType('yesterday');
    expect(lastBody(http)).toMatchObject({ current: 1 });
  });

  it('sets the API-error flag on failure and clears it when loading starts again', async () => {
    const { http, myBets } = setup();
    http.betting.post.mockRejectedValueOnce(new ApiError({ code: -1, message: 'network', service: 'betting' }));
    await myBets.load();
    expect(myBets.apiError).toBe(true);
    expect(myBets.status).toBe('ready');

    let resolve!: (value: unknown) => void;
    http.betting.post.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    const pending = myBets.load();
    expect(myBets.apiError).toBe(false);
    expect(myBets.status).toBe('loading');
    resolve(betListPage([wireRecord()]));
    await pending;
    expect(myBets.apiError).toBe(false);
    expect(myBets.records).toHaveLength(1);
  });

  it('drops an answer that arrives after another view was chosen', async () => {
    const { http, myBets } = setup();
    let resolve!: (value: unknown) => void;
    http.betting.post.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    const stale = myBets.load();
    http.betting.post.mockResolvedValueOnce({ ods: [], sts: [] });
    await myBets.setSettlementType('reserved');
    resolve(betListPage([wireRecord()]));
    await stale;
    expect(myBets.records).toEqual([]);
    expect(myBets.settlementType).toBe('reserved');
  });

  it('reloads for a new language while the view shows', async () => {
    const { http, store, myBets } = setup();
    myBets.open();
    await Promise.resolve();
    const calls = http.betting.post.mock.calls.length;
    await store.settings.setLocale('vi');
    await Promise.resolve();
    expect(http.betting.post.mock.calls.length).toBe(calls + 1);
    expect(lastBody(http)).toMatchObject({ language: 'VIE' });
    myBets.close();
    await store.settings.setLocale('en');
    expect(http.betting.post.mock.calls.length).toBe(calls + 1);
  });

  describe('reserved view', () => {
    it('shows the failed pre-bets of the last 7 days on request', async () => {
      const { http, myBets } = setup();
      http.betting.post.mockResolvedValue({ ods: [wireReservation({ status: 4, failReason: 'market closed' })], sts: [] });
      await myBets.setSettlementType('reserved');
      await myBets.setShowFailed(true);
      expect(http.betting.post).toHaveBeenLastCalledWith('/v1/order/new/reserve/betList', {
        isFailed: true,
        startTime: shanghaiMidnight(2026, 11, 14),
        endTime: dayEnd(2026, 11, 21),
        currencyId: 1,
        language: 'ENG',
      });
      expect(myBets.reservations[0]).toMatchObject({ status: 4, failReason: 'market closed' });
    });

    it('modifies and cancels a pre-bet, then refreshes the list', async () => {
      const { http, myBets } = setup();
      http.betting.post.mockResolvedValue({ ods: [wireReservation()], sts: [] });
      await myBets.setSettlementType('reserved');

      http.betting.post.mockResolvedValueOnce(wireReservation({ optionOdd: '2.80', unitStake: '60.00' }));
      const modified = await myBets.modifyReservation('1763700000000000501', { odds: '2.80', unitStake: '60.00' });
      expect(modified.ok).toBe(true);
      expect(http.betting.post).toHaveBeenCalledWith('/v1/order/reserve/modify', { reserveId: '1763700000000000501', odds: '2.80', unitStake: '60.00', language: 'ENG' });
      expect(http.betting.post).toHaveBeenLastCalledWith('/v1/order/new/reserve/betList', expect.objectContaining({ isFailed: false }));

      http.betting.post.mockResolvedValueOnce(wireReservation({ status: 3 }));
      await myBets.cancelReservation('1763700000000000501');
      expect(http.betting.post).toHaveBeenCalledWith('/v1/order/reserve/cancel', { reserveId: '1763700000000000501', language: 'ENG' });
      expect(myBets.changingReserveId).toBeUndefined();
    });

    it('says why a change was refused', async () => {
      const { http, myBets } = setup();
      http.betting.post.mockResolvedValue({ ods: [wireReservation()], sts: [] });
      await myBets.setSettlementType('reserved');
      http.betting.post.mockRejectedValueOnce(new ApiError({ code: 15032, message: 'asked odds not above the current odds', service: 'betting' }));
      expect(await myBets.modifyReservation('1763700000000000501', { odds: '2.00' })).toEqual({ ok: false, reason: 'oddsTooLow' });
      http.betting.post.mockRejectedValueOnce(new ApiError({ code: 5000, message: 'internal', service: 'betting' }));
      expect(await myBets.cancelReservation('1763700000000000501')).toEqual({ ok: false, reason: 'failed' });
      expect(myBets.reservations[0]?.status).toBe(0);
    });
  });

  it('offers hooks to early settlement: remove a cashed-out order, update a partly cashed-out one', async () => {
    const { http, myBets } = setup();
    http.betting.post.mockResolvedValue(betListPage([wireRecord({ id: 'a' }), wireRecord({ id: 'b' })]));
    await myBets.load();
    myBets.updateRecord('b', { remainingPrincipal: '40.00', cashOutTotalAmount: '57.00' });
    expect(myBets.records[1]).toMatchObject({ id: 'b', remainingPrincipal: '40.00', cashOutTotalAmount: '57.00' });
    myBets.removeRecord('a');
    expect(myBets.records.map((r) => r.id)).toEqual(['b']);
    expect(myBets.total).toBe(1);
  });
});
