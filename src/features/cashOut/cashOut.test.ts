import { myBetsOf } from '../myBets/myBets';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mapBetRecord, OrderStatus, type BetRecord } from '../../../domain/betRecord';
import { ApiError } from '../../services/http';
import { PARTIAL_CASH_OUT_OF_100_AT_3, wireRecord } from '../../testing/betRecordFixtures';
import { memberState, settle } from '../../testing/bettingFixtures';
import { fakeEnv } from '../../testing/fakeEnv';
import { installFakePush } from '../../testing/matchDataFixtures';
import { PushChannel } from '../../../contract/channels';
import type { GapReason, PushHandler } from '../../services/push';
import { cashOutOf } from './cashOut';
import { CASH_OUT_QUOTE_LOOP } from './cashOutOffers';
import { CASH_OUT_POLL_LOOP, SETTLED_CHECK_SIZE } from './cashOutPolling';
import { createRootStore } from '../../core/store/RootStore';
import { BETTING_PATHS, CASH_OUT_PATHS } from '../../../contract/paths';

const ORDER = '1763700000000000001';
const OTHER = '1763700000000100002';

type Handler = (body: Record<string, unknown>) => unknown;

/** A root store on a fake env whose betting calls answer from `routes` (one handler per path). */
function setup({ login = true, env: given }: { login?: boolean; env?: ReturnType<typeof fakeEnv> } = {}) {
  const { env, http } = given ?? fakeEnv();
  const routes = new Map<string, Handler>();
  http.betting.post.mockImplementation(async (url: string, body?: unknown) => {
    const handler = routes.get(url);
    if (!handler) throw new Error(`unexpected betting call ${url}`);
    return handler((body ?? {}) as Record<string, unknown>);
  });
  const store = createRootStore({}, env);
  if (login) store.applyHostProps(memberState());
  const calls = (path: string) => http.betting.post.mock.calls.filter(([url]) => url === path).map(([, body]) => body as Record<string, unknown>);
  /** Puts records in My bets' unsettled list, as a load would. */
  const showRecords = (...records: Array<Record<string, unknown>>) => myBetsOf(store).setBetList({ records, total: records.length });
  const toasts = () => env.toast.toasts.map((t) => [t.type, t.message]);
  return { env, http, store, cashOut: cashOutOf(store), routes, calls, showRecords, toasts };
}

const record = (fields: Parameters<typeof wireRecord>[0] = {}): BetRecord => mapBetRecord(wireRecord(fields));

/** The bet list route, the settled check (isSettled) and My bets' own unsettled page answered apart. */
const unsettledApart = (settled: unknown, unsettled: () => unknown): Handler => (body) => (body.isSettled ? settled : unsettled());

const entry = (fields: Record<string, unknown> = {}) => ({
  id: '1763700000000000901',
  createdTime: 1,
  amount: '100.00',
  payout: '95.00',
  orderId: ORDER,
  orderStatus: 1,
  refundAmount: '100.00',
  cancelReason: null,
  auto: 0,
  ...fields,
});

/** An in-play cash out of `stake` the platform answers as confirming: the order is followed. */
async function startConfirming(context: ReturnType<typeof setup>, rec: BetRecord, stake: string, expected: string) {
  context.routes.set(CASH_OUT_PATHS.execute, () => ({ cashOutId: '1763700000000000901', status: 1, payout: expected, remainingStake: rec.remainingPrincipal, orderStatus: 101 }));
  return context.cashOut.execute(rec, stake, expected);
}

describe('early settlement', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  describe('polling', () => {
    it('follows an in-play cash out and fetches its record by id every 5 s, only while logged in', async () => {
      const context = setup();
      const { cashOut, env, routes, calls, store } = context;
      routes.set(CASH_OUT_PATHS.byIds, () => [entry()]);
      await expect(startConfirming(context, record(), '100.00', '95.00')).resolves.toEqual({ ok: true, status: 'confirming', payout: '95.00' });
      expect(cashOut.isPolling(ORDER)).toBe(true);
      expect(env.storage.get('cashOutPolling')).toEqual([expect.objectContaining({ orderId: ORDER, cashOutId: '1763700000000000901', remainingPrincipal: '100.00' })]);
      expect(env.scheduler.isRunning(CASH_OUT_POLL_LOOP)).toBe(true);

      await jest.advanceTimersByTimeAsync(4999);
      expect(calls(CASH_OUT_PATHS.byIds)).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(calls(CASH_OUT_PATHS.byIds)).toEqual([{ ids: ['1763700000000000901'] }]);
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls(CASH_OUT_PATHS.byIds)).toHaveLength(2);

      store.applyHostProps({ isLogin: false });
      expect(env.scheduler.isRunning(CASH_OUT_POLL_LOOP)).toBe(false);
      await jest.advanceTimersByTimeAsync(20000);
      expect(calls(CASH_OUT_PATHS.byIds)).toHaveLength(2);
      // Still followed: the next sign-in goes on polling.
      expect(cashOut.isPolling(ORDER)).toBe(true);
      store.applyHostProps(memberState());
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls(CASH_OUT_PATHS.byIds)).toHaveLength(3);
    });

    it('does not poll with nothing followed', async () => {
      const { env, calls } = setup();
      expect(env.scheduler.isRunning(CASH_OUT_POLL_LOOP)).toBe(false);
      await jest.advanceTimersByTimeAsync(15000);
      expect(calls(CASH_OUT_PATHS.byIds)).toHaveLength(0);
    });

    it('keeps the followed ids in storage: a reload goes on polling them', async () => {
      const first = setup();
      await startConfirming(first, record(), '100.00', '95.00');
      first.store.dispose();

      const again = fakeEnv();
      again.env.storage = first.env.storage;
      const second = setup({ env: again });
      second.routes.set(CASH_OUT_PATHS.byIds, () => [entry()]);
      expect(second.cashOut.isPolling(ORDER)).toBe(true);
      await jest.advanceTimersByTimeAsync(5000);
      expect(second.calls(CASH_OUT_PATHS.byIds)).toEqual([{ ids: ['1763700000000000901'] }]);
    });

    it('a reload polls what an earlier page left confirming as soon as the member is back, before My bets is opened', async () => {
      const first = setup();
      await startConfirming(first, record(), '100.00', '95.00');
      first.store.dispose();

      const { env, http } = fakeEnv();
      env.storage = first.env.storage;
      http.betting.post.mockImplementation(async () => [entry()]);
      const store = createRootStore({}, env);
      expect(env.scheduler.isRunning(CASH_OUT_POLL_LOOP)).toBe(false);
      store.applyHostProps(memberState());
      // The early-settlement code arrives as its own chunk: let the dynamic import settle.
      await jest.advanceTimersByTimeAsync(0);
      await jest.advanceTimersByTimeAsync(5000);
      expect(http.betting.post).toHaveBeenCalledWith(CASH_OUT_PATHS.byIds, { ids: ['1763700000000000901'] });
      store.dispose();
    });

    it('settled with the whole remaining principal: "settled successfully" and the order leaves the unsettled list', async () => {
      const context = setup();
      const { cashOut, env, routes, store, toasts, calls } = context;
      myBetsOf(store).setBetList({ records: [wireRecord({ id: ORDER }), wireRecord({ id: OTHER })], total: 2, tamt: '200.00', tsamt: '0.00' });
      await startConfirming(context, myBetsOf(store).records[0]!, '100.00', '95.00');
      expect(myBetsOf(store).records[0]).toMatchObject({ id: ORDER, inPolling: true, orderStatus: OrderStatus.ReserveCashOut });

      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ orderStatus: 5, refundAmount: '0.00' })]);
      // My bets' own page, asked again once the cash out is paid: the platform's summary counts one order less.
      routes.set(BETTING_PATHS.betList, () => ({ records: [wireRecord({ id: OTHER })], total: 1, tamt: '100.00', tsamt: '0.00' }));
      await jest.advanceTimersByTimeAsync(5000);
      expect(toasts()).toEqual([['success', 'notice.settled']]);
      // The dialog that sent it says what was paid.
      expect(cashOut.outcomeOf(ORDER)).toEqual({ status: 'settled', payout: '95.00' });
      expect(myBetsOf(store).records.map((r) => r.id)).toEqual([OTHER]);
      expect(myBetsOf(store).tamt).toBe('100.00');
      expect(cashOut.isPolling(ORDER)).toBe(false);
      expect(env.storage.get('cashOutPolling')).toEqual([]);
      // No check of the settled list (the whole principal went); one quiet reload of the unsettled page.
      expect(calls(BETTING_PATHS.betList)).toEqual([expect.objectContaining({ isSettled: false, current: 1 })]);
      expect(env.scheduler.isRunning(CASH_OUT_POLL_LOOP)).toBe(false);
    });

    it('settled with less than the principal and the order in the settled list: it leaves the unsettled list', async () => {
      const context = setup();
      const { cashOut, routes, store, showRecords, calls } = context;
      showRecords(wireRecord({ id: ORDER }));
      await startConfirming(context, myBetsOf(store).records[0]!, '40.00', '38.00');
      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ orderStatus: 5, amount: '40.00', payout: '38.00', refundAmount: '60.00' })]);
      routes.set(
        BETTING_PATHS.betList,
        unsettledApart({ records: [wireRecord({ id: '1763700000000990007', orderStatus: 5 }), wireRecord({ id: ORDER, orderStatus: 102 })], total: 2 }, () => ({ records: [], total: 0 })),
      );
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls(BETTING_PATHS.betList).filter((body) => body.isSettled)).toEqual([{ isSettled: true, current: 1, size: SETTLED_CHECK_SIZE }]);
      expect(myBetsOf(store).records).toHaveLength(0);
      expect(cashOut.isPolling(ORDER)).toBe(false);
    });

    it('settled with less than the principal and not in the settled list: partly settled, the cash-out fields recalculated', async () => {
      const context = setup();
      const { cashOut, routes, store, showRecords, toasts, calls } = context;
      // 100 at 3.00 would win 200; the quote rate now is 1.583333.
      showRecords(wireRecord({ id: ORDER, rate: '1.583333', cashOutPrice: '158.33', lastWinAmount: '200.00', maxWinAmount: '300.00' }));
      await startConfirming(context, myBetsOf(store).records[0]!, '40.00', '63.33');
      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ orderStatus: 5, amount: '40.00', payout: '63.33', refundAmount: '60.00' })]);
      routes.set(BETTING_PATHS.betList, () => ({ records: [wireRecord({ id: '1763700000000990007', orderStatus: 5 })], total: 1 }));
      await jest.advanceTimersByTimeAsync(5000);
      expect(toasts()).toEqual([['success', 'notice.partlySettled']]);
      // The summary counts the stake placed: nothing to ask My bets' page again for.
      expect(calls(BETTING_PATHS.betList).filter((body) => !body.isSettled)).toHaveLength(0);
      expect(cashOut.outcomeOf(ORDER)).toEqual({ status: 'partlySettled', payout: '63.33' });
      expect(myBetsOf(store).records[0]).toMatchObject({
        id: ORDER,
        ...PARTIAL_CASH_OUT_OF_100_AT_3,
        cashOutCount: 1,
        inPolling: false,
        orderStatus: OrderStatus.Confirmed,
      });
      expect(cashOut.isPolling(ORDER)).toBe(false);
    });

    it('a failed check of the settled list decides nothing: the next poll tries again', async () => {
      const context = setup();
      const { cashOut, routes, store, showRecords, toasts } = context;
      showRecords(wireRecord({ id: ORDER }));
      await startConfirming(context, myBetsOf(store).records[0]!, '40.00', '38.00');
      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ orderStatus: 5, amount: '40.00', payout: '38.00' })]);
      routes.set(BETTING_PATHS.betList, () => {
        throw new ApiError({ code: -1, message: 'Network Error', service: 'betting' });
      });
      await jest.advanceTimersByTimeAsync(5000);
      expect(cashOut.isPolling(ORDER)).toBe(true);
      expect(toasts()).toEqual([]);
      routes.set(BETTING_PATHS.betList, () => ({ records: [], total: 0 }));
      await jest.advanceTimersByTimeAsync(5000);
      expect(toasts()).toEqual([['success', 'notice.partlySettled']]);
    });

    it('rejected: "settlement failed", the polling flag cleared, the order running again', async () => {
      const context = setup();
      const { cashOut, routes, store, showRecords, env } = context;
      showRecords(wireRecord({ id: ORDER }));
      await startConfirming(context, myBetsOf(store).records[0]!, '100.00', '95.00');
      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ orderStatus: 2, cancelReason: 5 })]);
      await jest.advanceTimersByTimeAsync(5000);
      expect(env.toast.toasts.map((t) => [t.type, t.message, t.detail])).toEqual([['error', 'notice.failed', 'reason.traderReject']]);
      expect(cashOut.outcomeOf(ORDER)).toEqual({ status: 'failed', reason: 'traderReject' });
      expect(myBetsOf(store).records[0]).toMatchObject({ inPolling: false, orderStatus: OrderStatus.Confirmed, remainingPrincipal: '100.00' });
      expect(cashOut.isPolling(ORDER)).toBe(false);
      // Another try forgets how the last one ended.
      await startConfirming(context, myBetsOf(store).records[0]!, '100.00', '95.00');
      expect(cashOut.outcomeOf(ORDER)).toBeUndefined();
    });

    it('cancelled: "settlement cancelled" and the polling flag cleared', async () => {
      const context = setup();
      const { cashOut, routes, store, showRecords, toasts } = context;
      showRecords(wireRecord({ id: ORDER }));
      await startConfirming(context, myBetsOf(store).records[0]!, '100.00', '95.00');
      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ orderStatus: 3, cancelReason: 7 })]);
      await jest.advanceTimersByTimeAsync(5000);
      expect(toasts()).toEqual([['warn', 'notice.cancelled']]);
      expect(myBetsOf(store).records[0]!.inPolling).toBe(false);
      expect(cashOut.isPolling(ORDER)).toBe(false);
    });

    it('still confirming: followed on', async () => {
      const context = setup();
      const { cashOut, routes, toasts, calls } = context;
      await startConfirming(context, record(), '100.00', '95.00');
      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ orderStatus: 1 })]);
      await jest.advanceTimersByTimeAsync(15000);
      expect(calls(CASH_OUT_PATHS.byIds)).toHaveLength(3);
      expect(cashOut.isPolling(ORDER)).toBe(true);
      expect(toasts()).toEqual([]);
    });

    it('matches records to orders on the first 15 characters of the order id', async () => {
      const context = setup();
      const { cashOut, routes, store, showRecords, toasts } = context;
      showRecords(wireRecord({ id: ORDER }));
      await startConfirming(context, myBetsOf(store).records[0]!, '100.00', '95.00');
      // The id came back through a JavaScript number: its last digits differ, and so does the cash-out id.
      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ id: 'other', orderId: '1763700000000000000', orderStatus: 5 }), entry({ id: 'x', orderId: OTHER, orderStatus: 2 })]);
      await jest.advanceTimersByTimeAsync(5000);
      expect(toasts()).toEqual([['success', 'notice.settled']]);
      expect(myBetsOf(store).records).toHaveLength(0);
      expect(cashOut.isPolling(ORDER)).toBe(false);
    });

    it('a failed poll changes nothing', async () => {
      const context = setup();
      const { cashOut, routes, env, calls } = context;
      await startConfirming(context, record(), '100.00', '95.00');
      routes.set(CASH_OUT_PATHS.byIds, () => {
        throw new ApiError({ code: -1, message: 'Network Error', service: 'betting' });
      });
      await jest.advanceTimersByTimeAsync(10000);
      expect(calls(CASH_OUT_PATHS.byIds)).toHaveLength(2);
      expect(cashOut.isPolling(ORDER)).toBe(true);
      expect(env.toast.toasts).toHaveLength(0);
    });

    it('an order the platform does not answer for is no longer followed', async () => {
      const context = setup();
      const { cashOut, routes } = context;
      await startConfirming(context, record(), '100.00', '95.00');
      routes.set(CASH_OUT_PATHS.byIds, () => []);
      await jest.advanceTimersByTimeAsync(5000);
      expect(cashOut.isPolling(ORDER)).toBe(false);
    });

    it('follows orders My bets shows as being cashed out (an auto rule that fired in play), by order id', async () => {
      const { cashOut, routes, showRecords, calls, toasts, store } = setup();
      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ id: 'old', orderStatus: 5, amount: '20.00', createdTime: 1 }), entry({ id: 'new', orderStatus: 1, amount: '80.00', createdTime: 2 })]);
      showRecords(wireRecord({ id: ORDER, orderStatus: 101, inPolling: true, remainingPrincipal: '80.00' }), wireRecord({ id: OTHER }));
      expect(cashOut.isPolling(ORDER)).toBe(true);
      expect(cashOut.isPolling(OTHER)).toBe(false);
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls(CASH_OUT_PATHS.byIds)).toEqual([{ ids: [ORDER] }]);
      // The confirming one is followed, not the older settled one; its id is used from then on.
      expect(toasts()).toEqual([]);
      routes.set(CASH_OUT_PATHS.byIds, () => [entry({ id: 'new', orderStatus: 5, amount: '80.00' })]);
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls(CASH_OUT_PATHS.byIds)[1]).toEqual({ ids: ['new'] });
      expect(toasts()).toEqual([['success', 'notice.settled']]);
      expect(myBetsOf(store).records.map((r) => r.id)).toEqual([OTHER]);
    });
  });

  describe('the permission rule on records', () => {
    it('needs a price above 0, principal remaining and no polling; the newest quote decides the price', async () => {
      const { cashOut, routes } = setup();
      const open = record({ cashOutPrice: '95.00' });
      expect(cashOut.canCashOut(open)).toBe(true);
      expect(cashOut.canCashOut(record({ cashOutPrice: '0.00' }))).toBe(false);
      expect(cashOut.canCashOut(record({ remainingPrincipal: '0.00' }))).toBe(false);
      expect(cashOut.canCashOut(record({ inPolling: true }))).toBe(false);

      routes.set(CASH_OUT_PATHS.price, () => ({ pr: [{ oid: ORDER, amt: '0.00', st: 0, smis: '10.00', pmis: '10.00', rate: '0', reason: 4 }], mxc: 3 }));
      await cashOut.refreshQuotes([ORDER]);
      expect(cashOut.canCashOut(open)).toBe(false);

      routes.set(CASH_OUT_PATHS.execute, () => ({ cashOutId: 'c1', status: 1, payout: '95.00', remainingStake: '100.00', orderStatus: 101 }));
      routes.set(CASH_OUT_PATHS.price, () => ({ pr: [{ oid: ORDER, amt: '96.00', st: 1, smis: '10.00', pmis: '10.00', rate: '0.96' }], mxc: 3 }));
      await cashOut.refreshQuotes([ORDER]);
      expect(cashOut.canCashOut(open)).toBe(true);
      await cashOut.execute(open, '100.00', '96.00');
      expect(cashOut.canCashOut(open)).toBe(false);
    });
  });

  describe('offers pushed on the member channel', () => {
    const CHANNEL = PushChannel.memberCashOut(1);
    const offers = (...list: Array<Record<string, unknown>>) => ({ kind: 'offers', offers: list });
    const priceAnswer = () => ({ pr: [{ oid: ORDER, amt: '95.00', st: 1, smis: '10.00', pmis: '20.00', rate: '0.95' }], mxc: 3 });

    /** A member's store whose push client is up (`open`, the channel held) or down, as `up()` says. */
    function pushed(up: () => boolean) {
      const context = setup();
      const fake = installFakePush(context.env);
      (context.env.push.state as jest.Mock).mockImplementation(() => (up() ? 'open' : 'closed'));
      (context.env.push.isSubscribed as jest.Mock).mockImplementation(() => up());
      context.routes.set(CASH_OUT_PATHS.price, priceAnswer);
      return { ...context, fake };
    }

    it('holds the channel while a screen shows offers and a member is signed in; pushed offers replace the quotes, keeping the minimums', async () => {
      const { cashOut, fake, store } = pushed(() => true);
      expect(fake.subscribers(CHANNEL)).toBe(0);
      const releaseList = cashOut.viewOffers();
      const releaseOther = cashOut.viewOffers();
      expect(fake.subscribers(CHANNEL)).toBe(1);
      await cashOut.refreshQuotes([ORDER]);
      fake.deliver(CHANNEL, offers({ oid: ORDER, amt: '118.75', st: 1, rate: '1.187500' }, { oid: OTHER, amt: '0.00', st: 0, rate: '0.000000', reason: 4 }));
      expect(cashOut.quoteOf(ORDER)).toEqual({ orderId: ORDER, amount: '118.75', available: true, rate: '1.187500', minSingle: '10.00', minParlay: '20.00' });
      expect(cashOut.quoteOf(OTHER)).toEqual({ orderId: OTHER, amount: '0.00', available: false, rate: '0.000000', reason: 'marketSuspend' });
      // A pushed offer decides what My bets offers, as the price answer did.
      expect(cashOut.offerOf(record({ cashOutPrice: '90.00' }))).toBe('118.75');
      expect(cashOut.canCashOut(record({ id: OTHER, cashOutPrice: '90.00' }))).toBe(false);
      releaseList();
      releaseList();
      expect(fake.subscribers(CHANNEL)).toBe(1);
      store.applyHostProps({ isLogin: false });
      expect(fake.subscribers(CHANNEL)).toBe(0);
      releaseOther();
    });

    it('with push up the dialog asks once and then never every 5 s; with push down the 5 s refresh runs', async () => {
      let up = true;
      const { cashOut, calls, env } = pushed(() => up);
      cashOut.watchQuotes([ORDER]);
      await jest.advanceTimersByTimeAsync(0);
      expect(calls(CASH_OUT_PATHS.price)).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(15_000);
      expect(calls(CASH_OUT_PATHS.price)).toHaveLength(1);
      up = false;
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls(CASH_OUT_PATHS.price)).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(5000);
      expect(calls(CASH_OUT_PATHS.price)).toHaveLength(3);
      up = true;
      await jest.advanceTimersByTimeAsync(10_000);
      expect(calls(CASH_OUT_PATHS.price)).toHaveLength(3);
      cashOut.unwatchQuotes();
      expect(env.scheduler.isRunning(CASH_OUT_QUOTE_LOOP)).toBe(false);
    });

    it('asks once for the offers shown when pushed ones were missed (a gap, a restart, a reconnect)', async () => {
      const { cashOut, calls, env, fake } = pushed(() => true);
      cashOut.watchQuotes([ORDER]);
      await jest.advanceTimersByTimeAsync(0);
      // My bets shows another order's offer from a push: it is asked for too.
      fake.deliver(CHANNEL, offers({ oid: OTHER, amt: '50.00', st: 1, rate: '0.500000' }));
      const subscribed = (env.push.subscribe as unknown as jest.Mock<(channel: string, handler?: PushHandler, onGap?: (reason: GapReason) => void) => () => void>).mock.calls;
      const onGap = subscribed.find(([channel]) => channel === CHANNEL)?.[2];
      onGap?.('reconnect');
      await jest.advanceTimersByTimeAsync(0);
      expect(calls(CASH_OUT_PATHS.price)).toEqual([{ orderIds: [ORDER] }, { orderIds: [ORDER, OTHER] }]);
      cashOut.unwatchQuotes();
    });
  });

  describe('quotes', () => {
    it('refresh every 5 s while watched: amount, availability, rate, minimums and the count limit', async () => {
      const { cashOut, routes, calls, env } = setup();
      let amount = '95.00';
      routes.set(CASH_OUT_PATHS.price, () => ({ pr: [{ oid: ORDER, amt: amount, st: 1, smis: '10.00', pmis: '20.00', rate: '0.95' }], mxc: 3 }));
      cashOut.watchQuotes([ORDER]);
      await jest.advanceTimersByTimeAsync(0);
      expect(calls(CASH_OUT_PATHS.price)).toEqual([{ orderIds: [ORDER] }]);
      expect(cashOut.quoteOf(ORDER)).toEqual({ orderId: ORDER, amount: '95.00', available: true, rate: '0.95', minSingle: '10.00', minParlay: '20.00' });
      expect(cashOut.maxCount).toBe(3);
      amount = '97.50';
      await jest.advanceTimersByTimeAsync(5000);
      expect(cashOut.quoteOf(ORDER)?.amount).toBe('97.50');
      cashOut.unwatchQuotes();
      expect(env.scheduler.isRunning(CASH_OUT_QUOTE_LOOP)).toBe(false);
      await jest.advanceTimersByTimeAsync(10000);
      expect(calls(CASH_OUT_PATHS.price)).toHaveLength(2);
    });

    it('a failed quote is logged and ignored, and clears the amount data', async () => {
      const { cashOut, routes, env } = setup();
      routes.set(CASH_OUT_PATHS.price, () => ({ pr: [{ oid: ORDER, amt: '95.00', st: 1, smis: '10.00', pmis: '10.00', rate: '0.95' }], mxc: 3 }));
      await cashOut.refreshQuotes([ORDER]);
      routes.set(CASH_OUT_PATHS.price, () => {
        throw new ApiError({ code: 5000, message: 'internal error', service: 'betting' });
      });
      await expect(cashOut.refreshQuotes([ORDER])).resolves.toBeUndefined();
      expect(cashOut.quoteOf(ORDER)).toBeUndefined();
      expect(env.logger.warn).toHaveBeenCalled();
      // An answer without a price list is no success either.
      routes.set(CASH_OUT_PATHS.price, () => ({}));
      await cashOut.refreshQuotes([ORDER]);
      expect(cashOut.quoteOf(ORDER)).toBeUndefined();
    });

    it('are not asked for without a member', async () => {
      const { cashOut, calls } = setup({ login: false });
      await cashOut.refreshQuotes([ORDER]);
      expect(calls(CASH_OUT_PATHS.price)).toHaveLength(0);
    });
  });

  describe('cashing out', () => {
    it('pre-match in full: paid at once, "settled successfully", the order leaves the list', async () => {
      const { cashOut, routes, calls, store, showRecords, toasts, http } = setup();
      showRecords(wireRecord({ id: ORDER }));
      routes.set(CASH_OUT_PATHS.execute, () => ({ cashOutId: 'c1', status: 5, payout: '95.00', remainingStake: '0.00', orderStatus: 102 }));
      http.forehead.post.mockResolvedValue(memberState('1095.00'));
      await expect(cashOut.execute(myBetsOf(store).records[0]!, '100', '95')).resolves.toEqual({ ok: true, status: 'settled', payout: '95.00' });
      expect(calls(CASH_OUT_PATHS.execute)).toEqual([{ orderId: ORDER, cashOutStake: '100.00', expectedAmount: '95.00' }]);
      expect(toasts()).toEqual([['success', 'notice.settled']]);
      expect(myBetsOf(store).records).toHaveLength(0);
      expect(cashOut.isPolling(ORDER)).toBe(false);
      // The payout reached the wallet: the balance is fetched again.
      await settle();
      expect(http.forehead.post).toHaveBeenCalledWith('/api/forehead/user/loginState', {});
      expect(store.session.defaultBalance?.balance).toBe('1095.00');
    });

    it('pre-match in part: the fields recalculated, "partly settled successfully"', async () => {
      const { cashOut, routes, store, showRecords, toasts } = setup();
      showRecords(wireRecord({ id: ORDER, rate: '0.95', lastWinAmount: '110.00' }));
      routes.set(CASH_OUT_PATHS.execute, () => ({ cashOutId: 'c1', status: 5, payout: '38.00', remainingStake: '60.00', orderStatus: 4 }));
      await expect(cashOut.execute(myBetsOf(store).records[0]!, '40.00', '38.00')).resolves.toEqual({ ok: true, status: 'partlySettled', payout: '38.00' });
      expect(toasts()).toEqual([['success', 'notice.partlySettled']]);
      expect(myBetsOf(store).records[0]).toMatchObject({ remainingPrincipal: '60.00', cashOutTotalAmount: '38.00', cashOutPayoutStake: '40.00', lastWinAmount: '66.00', cashOutPrice: '57.00', cashOutCount: 1 });
    });

    it('refuses locally what the platform would refuse, and an order already being cashed out', async () => {
      const context = setup();
      const { cashOut, calls } = context;
      const rec = record();
      await expect(cashOut.execute(rec, '5.00', '4.75')).resolves.toEqual({ ok: false, error: 'belowMinimum' });
      await expect(cashOut.execute(rec, '95.00', '90.25')).resolves.toEqual({ ok: false, error: 'leavesTooLittle' });
      await expect(cashOut.execute(rec, '100.01', '95.00')).resolves.toEqual({ ok: false, error: 'aboveRemaining' });
      await expect(cashOut.execute(record({ inPolling: true }), '100.00', '95.00')).resolves.toEqual({ ok: false, error: 'inProgress' });
      expect(calls(CASH_OUT_PATHS.execute)).toHaveLength(0);
      await startConfirming(context, rec, '100.00', '95.00');
      await expect(cashOut.execute(rec, '100.00', '95.00')).resolves.toEqual({ ok: false, error: 'inProgress' });
      expect(calls(CASH_OUT_PATHS.execute)).toHaveLength(1);
    });

    it('passes on the platform refusal and its message; no answer is "failed, try again"', async () => {
      const { cashOut, routes } = setup();
      const message = 'Cash out unavailable: trader reject (reason 5): the offer for 100.00 is 90.00, below the 95.00 expected';
      routes.set(CASH_OUT_PATHS.execute, () => {
        throw new ApiError({ code: 15021, message, service: 'betting', httpStatus: 409 });
      });
      await expect(cashOut.execute(record(), '100.00', '95.00')).resolves.toEqual({ ok: false, error: 'unavailable', reason: 'traderReject', message });

      const confirming = 'Cash out unavailable: settle refused (reason 7): a cash out of order 1 is being confirmed';
      routes.set(CASH_OUT_PATHS.execute, () => {
        throw new ApiError({ code: 15021, message: confirming, service: 'betting', httpStatus: 409 });
      });
      await expect(cashOut.execute(record(), '100.00', '95.00')).resolves.toMatchObject({ ok: false, error: 'inProgress' });

      routes.set(CASH_OUT_PATHS.execute, () => {
        throw new ApiError({ code: -1, message: 'Network Error', service: 'betting' });
      });
      await expect(cashOut.execute(record(), '100.00', '95.00')).resolves.toEqual({ ok: false, error: 'failed' });
      expect(cashOut.busyOrderId).toBeUndefined();
    });

    it('needs a member', async () => {
      const { cashOut, calls } = setup({ login: false });
      await expect(cashOut.execute(record(), '100.00', '95.00')).resolves.toEqual({ ok: false, error: 'notLoggedIn' });
      expect(calls(CASH_OUT_PATHS.execute)).toHaveLength(0);
    });
  });

  describe('auto rules', () => {
    it('sets a rule (stake and threshold) and cancels it; My bets hears of both', async () => {
      const { cashOut, routes, calls, store, showRecords } = setup();
      showRecords(wireRecord({ id: ORDER }));
      routes.set(CASH_OUT_PATHS.price, () => ({ pr: [{ oid: ORDER, amt: '95.00', st: 1, smis: '10.00', pmis: '10.00', rate: '0.95' }], mxc: 3 }));
      await cashOut.refreshQuotes([ORDER]);
      routes.set(CASH_OUT_PATHS.auto, (body) => ({ id: 7, orderId: ORDER, stake: body.cashOutStake, threshold: body.threshold, status: 0, cashOutId: null, createdTime: 5 }));
      await expect(cashOut.setAutoRule(myBetsOf(store).records[0]!, '50', '60')).resolves.toEqual({ ok: true, rule: { id: 7, stake: '50.00', threshold: '60.00', status: 0, createdTime: 5 } });
      expect(calls(CASH_OUT_PATHS.auto)).toEqual([{ orderId: ORDER, cashOutStake: '50.00', threshold: '60.00' }]);
      expect(myBetsOf(store).records[0]!.reserveCashOutList).toEqual([{ id: 7, stake: '50.00', threshold: '60.00', status: 0, createdTime: 5 }]);

      routes.set(CASH_OUT_PATHS.autoCancel, () => ({ cancelled: 1 }));
      await expect(cashOut.cancelAutoRule(myBetsOf(store).records[0]!)).resolves.toEqual({ ok: true });
      expect(calls(CASH_OUT_PATHS.autoCancel)).toEqual([{ orderId: ORDER }]);
      expect(myBetsOf(store).records[0]!.reserveCashOutList[0]!.status).toBe(2);
    });

    it('refuses a threshold not above the offer for the stake now', async () => {
      const { cashOut, routes, calls } = setup();
      routes.set(CASH_OUT_PATHS.price, () => ({ pr: [{ oid: ORDER, amt: '95.00', st: 1, smis: '10.00', pmis: '10.00', rate: '0.95' }], mxc: 3 }));
      await cashOut.refreshQuotes([ORDER]);
      await expect(cashOut.setAutoRule(record(), '50.00', '47.50')).resolves.toEqual({ ok: false, error: 'thresholdTooLow' });
      await expect(cashOut.setAutoRule(record(), '50.00', '-1')).resolves.toEqual({ ok: false, error: 'invalid' });
      expect(calls(CASH_OUT_PATHS.auto)).toHaveLength(0);
      routes.set(CASH_OUT_PATHS.auto, () => {
        throw new ApiError({ code: 15006, message: 'threshold 48.00 is not above the offer now 50.00', service: 'betting', httpStatus: 422 });
      });
      await expect(cashOut.setAutoRule(record(), '50.00', '48.00')).resolves.toMatchObject({ ok: false, error: 'thresholdTooLow' });
    });
  });
});
