import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { OddsFormat } from '../../../domain/odds';
import { SlipReason } from './domain/slipReasons';
import { OrderStatus } from '../../../contract/enums';
import { BETTING_PATHS } from '../../../contract/paths';
import type { OddsPush } from '../../../contract';
import type { GapReason } from '../../services/push';
import { fakeBettingService, memberState, placedOrder, pushOdds, selection, settle } from '../../testing/bettingFixtures';
import { fakeEnv, nextMount } from '../../testing/fakeEnv';
import { SLIP_MAX_MATCHES } from './slipState';
import { ordersOf } from './orders';
import { createRootStore } from '../../core/store/RootStore';

function setup({ login = true, balance = '1000.00' }: { login?: boolean; balance?: string } = {}) {
  const { env, http } = fakeEnv();
  const betting = fakeBettingService(http);
  const store = createRootStore({}, env);
  if (login) store.applyHostProps(memberState(balance));
  return { env, http, betting, store, slip: store.betSlip };
}

/** The slip's total stake and potential return as the slip shows them, to two decimals. */
const totalsOf = (slip: ReturnType<typeof setup>['slip']) => ({
  totalStake: slip.totalStake.toFixed(2),
  potentialReturn: slip.potentialReturn.toFixed(2),
});

const oddsPush = (matchId: number, market: Partial<OddsPush['markets'][number]> & { marketId: number }, options: Array<{ type: string; odd: string; line?: string; isLock?: boolean }>): OddsPush => ({
  kind: 'odds',
  matchId,
  markets: [{ marketType: 1000, period: 'ft', line: '-0.5', status: 1, allowParley: true, ...market, options: options.map((o) => ({ isLock: false, line: '-0.5', ...o })) }],
});

type Subscribe = jest.Mock<(channel: string, handler?: unknown, onGap?: (reason: GapReason) => void) => () => void>;

describe('bet slip', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('takes a member\'s click from the kernel event and fills it in from the bet info call', async () => {
    const { env, betting, slip } = setup();
    env.events.emit('betSlip.add', selection(1));
    expect(slip.count).toBe(1);
    await settle();
    expect(betting.betInfoCalls().at(-1)).toEqual({ betMatchMarketList: [{ marketId: 100, matchId: 1, type: 'home' }], isSelectSeries: false, language: 'CMN' });
    const entry = slip.entries[0]!;
    expect(entry).toMatchObject({ homeName: 'Home 1', awayName: 'Away 1', leagueName: 'League', optionName: 'home', line: '-0.5', odd: '1.950' });
    expect(entry.current).toMatchObject({ minBet: '10.00', maxBet: '50000.00', status: 1 });
    // The slip holds the match's odds channel without a handler of its own: the prices go into the live book.
    expect(env.push.subscribe).toHaveBeenCalledWith('match:1:odds', undefined, expect.any(Function));
    expect(env.liveBook.option(100, 'home')).toMatchObject({ odd: '1.950', isLock: false, line: '-0.5' });
  });

  it('keeps a visitor\'s click and adds it once they have logged in', async () => {
    const { store, slip } = setup({ login: false });
    expect(slip.add(selection(1))).toBe('pending');
    expect(slip.count).toBe(0);
    store.applyHostProps(memberState());
    expect(slip.count).toBe(1);
    expect(slip.entries[0]!.matchId).toBe(1);
    expect(slip.pending).toBeUndefined();
  });

  it('holds at most 10 matches: an 11th is ignored with a notice', () => {
    const { env, slip } = setup();
    for (let id = 1; id <= SLIP_MAX_MATCHES; id++) expect(slip.add(selection(id))).toBe('added');
    expect(slip.add(selection(11))).toBe('full');
    expect(slip.count).toBe(SLIP_MAX_MATCHES);
    expect(slip.entry(11)).toBeUndefined();
    expect(env.toast.toasts.map((t) => [t.type, t.message])).toEqual([['warn', 'reason.tooManyMatches']]);
    // A match already in a full slip still has its selection replaced.
    expect(slip.add(selection(3, { optionType: 'away' }))).toBe('replaced');
  });

  it('replaces the selection of a match already in the slip; a single keeps its stake', () => {
    const { env, slip } = setup();
    slip.add(selection(1));
    slip.setStake(1, '100');
    expect(slip.add(selection(1))).toBe('same');
    expect(slip.add(selection(1, { marketId: 101, optionType: 'over', line: '2.5' }))).toBe('replaced');
    expect(slip.count).toBe(1);
    expect(slip.entries[0]).toMatchObject({ marketId: 101, optionType: 'over', stake: '100' });
    expect(env.toast.toasts).toHaveLength(0);
  });

  it('in parlay mode: marks the new selection with a notice, and allows one per match with the spec\'s notice', () => {
    const { env, slip } = setup();
    slip.setMode('parlay');
    slip.add(selection(1));
    slip.add(selection(2));
    expect(slip.add(selection(2, { optionType: 'away' }))).toBe('replaced');
    expect(slip.entries.map((e) => `${e.matchId}:${e.optionType}`)).toEqual(['1:home', '2:away']);
    // (The toaster shows a repeated notice once.)
    expect(env.toast.toasts.map((t) => [t.type, t.message])).toEqual([
      ['success', 'notice.addedToParlay'],
      ['warn', 'notice.onePerMatch'],
    ]);
  });

  it('refuses a market that cannot join a parlay in parlay mode, and flags one already in the slip', async () => {
    const { env, betting, slip } = setup();
    slip.setMode('parlay');
    expect(slip.add(selection(1, { allowParley: false }))).toBe('refused');
    expect(slip.count).toBe(0);
    expect(env.toast.toasts.at(-1)?.message).toBe('reason.parlayNotAllowed');

    slip.setMode('single');
    betting.book.set(100, { allowParley: false });
    slip.add(selection(1, { allowParley: false }));
    slip.add(selection(2));
    slip.setMode('parlay');
    await settle();
    expect(slip.entryReason(slip.entry(1)!)).toBe(SlipReason.ParlayNotAllowed);
    expect(slip.reasons).toContain(SlipReason.ParlayNotAllowed);
    // The platform offers no series for such legs; the slip still lists them locally.
    expect(slip.series.map((s) => s.asianName)).toEqual(['2串1']);
  });

  it('remaps a market the platform replaced (oldMarketId) and asks to accept the moved line', async () => {
    const { betting, slip } = setup();
    betting.book.set(100, { marketId: 555, oldMarketId: 100, line: '-0.75', odd: '2.010' });
    slip.add(selection(1));
    await settle();
    const entry = slip.entry(1)!;
    expect(entry.marketId).toBe(555);
    expect(entry.lineChanged).toBe(true);
    expect(slip.entryReason(entry)).toBe(SlipReason.HandicapChanged);
    slip.acceptChanges();
    expect(entry).toMatchObject({ line: '-0.75', odd: '2.010' });
    expect(slip.entryReason(entry)).toBeUndefined();

    betting.book.set(200, { marketId: 666, oldMarketId: 200, line: '3' });
    slip.add(selection(2, { optionType: 'over', line: '2.5' }));
    await settle();
    expect(slip.entryReason(slip.entry(2)!)).toBe(SlipReason.MarketLineChanged);
  });

  it('deleting one entry clears the temporary order status and fetches the bet info again; deleting all clears the slip', async () => {
    const { betting, slip } = setup();
    slip.add(selection(1));
    slip.add(selection(2));
    await settle();
    slip.setPlacement('confirmed');
    const before = betting.betInfoCalls().length;
    slip.remove(1);
    expect(slip.placement).toBeUndefined();
    await settle();
    expect(betting.betInfoCalls()).toHaveLength(before + 1);
    expect(betting.betInfoCalls().at(-1)?.betMatchMarketList).toEqual([{ marketId: 200, matchId: 2, type: 'home' }]);

    slip.setMode('parlay');
    slip.add(selection(3));
    slip.setSeriesStake(2001, '10');
    slip.clear();
    expect(slip.isEmpty).toBe(true);
    expect(slip.seriesStakes.size).toBe(0);
    expect(slip.reasons).toEqual([SlipReason.EmptySlip]);
  });

  it('checks the stake of every single: entered, within the market\'s range, within the balance', async () => {
    const { slip } = setup({ balance: '150.00' });
    slip.add(selection(1));
    slip.add(selection(2));
    await settle();
    expect(slip.placeReason).toBe(SlipReason.EnterStake);
    slip.setStake(1, '5');
    slip.setStake(2, '20');
    expect(slip.reasons).toEqual([SlipReason.BelowRange]);
    slip.setStake(1, '60000');
    expect(slip.reasons).toEqual([SlipReason.ExceedRange, SlipReason.InsufficientBalance]);
    slip.setStake(1, '100');
    expect(slip.reasons).toEqual([]);
    // 100 x 1.95 + 20 x 1.95
    expect(totalsOf(slip)).toEqual({ totalStake: '120.00', potentialReturn: '234.00' });
    slip.setStake(2, '60');
    expect(slip.placeReason).toBe(SlipReason.InsufficientBalance);
    slip.setStake(2, '');
    expect(slip.placeReason).toBe(SlipReason.EnterStake);
  });

  it('takes the amount typed at a negative Malay price as the win and checks the range on the risk', async () => {
    const { store, betting, slip } = setup();
    store.settings.setOddsFormat(OddsFormat.Malay);
    betting.book.set(100, { odd: '2.400' });
    slip.add(selection(1, { odd: '2.400' }));
    await settle();
    slip.setStake(1, '10');
    const amounts = slip.entry(1)!.riskAndWin(OddsFormat.Malay)!;
    // DOMAIN.md: d 2.40 = Malay -0.71; win 10, risk 10 x 0.714... = 7.14
    expect(amounts.win.toFixed(2)).toBe('10.00');
    expect(amounts.risk.toFixed(2)).toBe('7.14');
    expect(slip.placeReason).toBe(SlipReason.BelowRange);
    slip.setStake(1, '20');
    expect(slip.canPlace).toBe(true);
    expect(slip.totalStake.toFixed(2)).toBe('14.29');
  });

  it('builds the parlay\'s series with their ranges and counts only those with a stake', async () => {
    const { betting, slip } = setup();
    betting.book.set(100, { odd: '1.870' });
    betting.book.set(200, { odd: '7.400' });
    betting.book.set(300, { odd: '2.350' });
    slip.setMode('parlay');
    slip.add(selection(1, { odd: '1.870' }));
    slip.add(selection(2, { odd: '7.400' }));
    slip.add(selection(3, { odd: '2.350' }));
    await settle();
    expect(betting.betInfoCalls().at(-1)?.isSelectSeries).toBe(true);
    expect(slip.series.map((s) => [s.seriesNumber, s.asianName, s.betCount, s.minBet])).toEqual([
      [2001, '2串1', 3, '10.00'],
      [3001, '3串1', 1, '10.00'],
      [3004, '3串4', 4, '10.00'],
      [3007, '3串7', 7, '10.00'],
    ]);
    expect(slip.placeReason).toBe(SlipReason.EnterStake);
    slip.setSeriesStake(3004, '10');
    expect(slip.canPlace).toBe(true);
    // DOMAIN.md: the Trixie on 1.87 / 7.40 / 2.35 pays 68.1418 per unit; unit 10 is a stake of 40.
    expect(slip.stakedSeries.map((s) => s.seriesNumber)).toEqual([3004]);
    expect(totalsOf(slip)).toEqual({ totalStake: '40.00', potentialReturn: '681.42' });
    slip.setSeriesStake(2001, '5');
    expect(slip.placeReason).toBe(SlipReason.BelowRange);
    slip.setSeriesStake(2001, '20000');
    expect(slip.placeReason).toBe(SlipReason.ExceedRange);
    slip.setSeriesStake(2001, '');

    // A fourth leg: the three-leg covers are no longer offered and lose their stakes; the doubles keep theirs.
    slip.setSeriesStake(2001, '10');
    slip.add(selection(4));
    expect([...slip.seriesStakes.keys()].sort()).toEqual(['2001']);
  });

  it('places a parlay of one as a single (with a hint) and uses the entry\'s stake', async () => {
    const { slip } = setup();
    slip.setMode('parlay');
    slip.add(selection(1));
    await settle();
    expect(slip.isSingle).toBe(true);
    expect(slip.hint).toBe(SlipReason.NeedTwoSelections);
    expect(slip.series).toEqual([]);
    expect(slip.placeReason).toBe(SlipReason.EnterStake);
    slip.setStake(1, '10');
    expect(slip.canPlace).toBe(true);
  });

  it('survives a reload: the slip is stored per merchant and read back', async () => {
    const first = setup();
    first.slip.setMode('parlay');
    first.slip.add(selection(1));
    first.slip.add(selection(2));
    first.slip.setSeriesStake(2001, '25');
    await settle();

    const { env, http } = fakeEnv();
    fakeBettingService(http);
    env.storage = first.env.storage;
    const store = createRootStore({}, env);
    expect(store.betSlip.mode).toBe('parlay');
    expect(store.betSlip.entries.map((e) => [e.matchId, e.homeName])).toEqual([
      [1, 'Home 1'],
      [2, 'Home 2'],
    ]);
    expect(store.betSlip.seriesStakes.get('2001')).toBe('25');
    // Restored while logged out: it shows, but cannot be placed until the member logs in.
    expect(store.betSlip.placeReason).toBe(SlipReason.NotLoggedIn);
    store.applyHostProps(memberState());
    await settle();
    expect(http.betting.post).toHaveBeenCalledWith('/v1/order/batchBetMatchMarketOfJumpLine', expect.objectContaining({ isSelectSeries: true }));
    expect(store.betSlip.canPlace).toBe(true);
  });

  it('loads the series maths with a second selection and only then drops stored stakes its legs are not offered', async () => {
    const first = setup();
    first.slip.setMode('parlay');
    first.slip.add(selection(1));
    expect(first.slip.seriesMaths).toBeUndefined();
    first.slip.add(selection(2));
    first.slip.setSeriesStake(2001, '25');
    await settle();
    expect(first.slip.seriesMaths).toBeDefined();
    const stored = first.env.storage.get('betSlip') as { seriesStakes: Record<string, string> };
    // A Trixie's stake left by a three-leg parlay that lost its third leg elsewhere.
    first.env.storage.set('betSlip', { ...stored, seriesStakes: { ...stored.seriesStakes, 3004: '10' } });

    const { env, http } = fakeEnv();
    fakeBettingService(http);
    env.storage = first.env.storage;
    const store = createRootStore({}, env);
    expect(store.betSlip.series).toEqual([]);
    expect([...store.betSlip.seriesStakes.keys()].sort()).toEqual(['2001', '3004']);
    await settle();
    expect([...store.betSlip.seriesStakes.keys()]).toEqual(['2001']);
    expect(store.betSlip.series.map((s) => [s.seriesNumber, s.stake])).toEqual([[2001, '25']]);
  });

  it("shows a restored entry stored without its market's outcome count in decimal until the bet info names it", async () => {
    const first = setup();
    first.slip.add(selection(1, { odd: '2.40' }));
    await settle();
    const stored = first.env.storage.get('betSlip') as { entries: Array<Record<string, unknown>> };
    // A slip stored before the field existed.
    first.env.storage.set('betSlip', { ...stored, entries: stored.entries.map(({ outcomeCount: _, ...entry }) => entry) });

    const { env, http } = fakeEnv();
    const betting = fakeBettingService(http);
    betting.book.set(100, { odd: '2.40' });
    env.storage = first.env.storage;
    const store = createRootStore({}, env);
    store.settings.setOddsFormat(OddsFormat.Malay);
    const entry = store.betSlip.entries[0]!;
    expect(entry.outcomeCount).toBe(0);
    expect(store.betSlip.priceFormat(entry)).toBe(OddsFormat.Europe);
    store.applyHostProps(memberState());
    await settle();
    // The handicap's two outcomes: Malay from now on.
    expect(entry.outcomeCount).toBe(2);
    expect(store.betSlip.priceFormat(entry)).toBe(OddsFormat.Malay);
  });

  it('forgets a stored slip of the wrong shape', () => {
    const { env } = fakeEnv();
    env.storage.set('betSlip', { mode: 'sideways', entries: 'many' });
    const store = createRootStore({}, env);
    expect(store.betSlip.isEmpty).toBe(true);
    expect(store.betSlip.mode).toBe('single');
  });

  it('shows pushed prices live and asks to accept a change the odds setting does not take', async () => {
    const { env, store, betting, slip } = setup();
    slip.add(selection(1));
    await settle();
    slip.setStake(1, '100');
    const calls = betting.betInfoCalls().length;

    // Better odds: "better only" (1, the default) takes them.
    pushOdds(env, oddsPush(1, { marketId: 100 }, [{ type: 'home', odd: '2.050' }, { type: 'away', odd: '1.800' }]));
    const entry = slip.entry(1)!;
    expect(entry.currentOdd).toBe('2.050');
    expect(entry.oddsDirection).toBe(1);
    expect(slip.reasons).toEqual([]);
    expect(slip.hasChangesToAccept).toBe(true);
    store.settings.setOddsChange(0);
    expect(slip.placeReason).toBe(SlipReason.OddsChanged);
    store.settings.setOddsChange(1);

    // Worse odds: only "any" takes them.
    pushOdds(env, oddsPush(1, { marketId: 100 }, [{ type: 'home', odd: '1.800' }]));
    expect(entry.oddsDirection).toBe(-1);
    expect(slip.placeReason).toBe(SlipReason.OddsChanged);
    store.settings.setOddsChange(2);
    expect(slip.canPlace).toBe(true);
    store.settings.setOddsChange(1);
    // The moves asked the platform nothing: the slip reads the book the pushes keep.
    await jest.advanceTimersByTimeAsync(5000);
    expect(betting.betInfoCalls()).toHaveLength(calls);
    // Accepting takes the price and asks for its stake range (which follows the price) once.
    betting.book.set(100, { odd: '1.800', maxBet: '40000.00' });
    slip.acceptChanges();
    expect(entry.odd).toBe('1.800');
    expect(slip.canPlace).toBe(true);
    await settle();
    expect(betting.betInfoCalls()).toHaveLength(calls + 1);
    expect(entry.current.maxBet).toBe('40000.00');

    // Suspended, then closed, then gone from the market.
    pushOdds(env, oddsPush(1, { marketId: 100, status: 0 }, [{ type: 'home', odd: '1.800', isLock: true }]));
    expect(slip.placeReason).toBe(SlipReason.MarketSuspended);
    pushOdds(env, oddsPush(1, { marketId: 100, status: -1 }, [{ type: 'home', odd: '1.800', isLock: true }]));
    expect(slip.placeReason).toBe(SlipReason.HandicapClosed);
    expect(betting.betInfoCalls()).toHaveLength(calls + 1);
  });

  it('a slip restored where no list loaded its markets: the bet info call seeds the book, the pushes keep it', async () => {
    const { env, http } = fakeEnv();
    const betting = fakeBettingService(http);
    const first = createRootStore({}, env);
    first.applyHostProps(memberState());
    first.betSlip.add(selection(1));
    await settle();
    const remount = nextMount(env);
    expect(remount.liveBook.market(100)).toBeUndefined();
    betting.book.set(100, { odd: '2.100' });
    const store = createRootStore({}, remount);
    store.applyHostProps(memberState());
    await settle();
    const entry = store.betSlip.entry(1)!;
    expect(remount.liveBook.option(100, 'home')?.odd).toBe('2.100');
    expect(entry.current.odd).toBe('2.100');
    pushOdds(remount, oddsPush(1, { marketId: 100 }, [{ type: 'home', odd: '2.300' }]));
    expect(entry.current.odd).toBe('2.300');
  });

  it('keeps a price pushed while the bet info call travelled (the answer is the older word)', async () => {
    const { env, betting, slip } = setup();
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const post = env.http.betting.post as unknown as jest.Mock<(url: string, body?: unknown) => Promise<unknown>>;
    const real = post.getMockImplementation()!;
    post.mockImplementationOnce(async (url, body) => {
      await gate;
      return real(url, body);
    });
    betting.book.set(100, { odd: '1.900' });
    slip.add(selection(1));
    // The list had the market: the push reaches it before the answer does.
    env.liveBook.seedSelections([{ marketId: 100, oldMarketId: null, status: 1, line: '-0.5', outcomeCount: 2, option: { type: 'home', odd: '1.950', isLock: false, name: '' } }], env.liveBook.pushMark);
    pushOdds(env, oddsPush(1, { marketId: 100 }, [{ type: 'home', odd: '2.400' }]));
    answer();
    await settle();
    expect(slip.entry(1)!.current.odd).toBe('2.400');
    expect(slip.entry(1)!.current.minBet).toBe('10.00');
  });

  it('after a gap on its channels asks for the bet info once, whatever the number of channels', async () => {
    const { env, betting, slip } = setup();
    slip.add(selection(1));
    slip.add(selection(2));
    await settle();
    const calls = betting.betInfoCalls().length;
    const subscribe = env.push.subscribe as unknown as Subscribe;
    for (const [channel, , onGap] of subscribe.mock.calls) if (channel.endsWith(':odds')) onGap?.('reconnect');
    expect(betting.betInfoCalls()).toHaveLength(calls);
    await jest.advanceTimersByTimeAsync(0);
    expect(betting.betInfoCalls()).toHaveLength(calls + 1);
  });

  describe('odds-change acceptance (DOMAIN.md section 5: none 0, better only 1, any 2)', () => {
    /** The price `odd` pushed for the home option of match n's market. */
    const pushHome = (env: ReturnType<typeof fakeEnv>['env'], matchId: number, odd: string) =>
      pushOdds(env, oddsPush(matchId, { marketId: matchId * 100 }, [{ type: 'home', odd }]));

    async function single(oddsChange: number) {
      const context = setup();
      context.store.settings.setOddsChange(oddsChange);
      context.betting.book.set(100, { odd: '14.380' });
      context.slip.add(selection(1, { odd: '14.380' }));
      await settle();
      context.slip.setStake(1, '20');
      expect(context.slip.canPlace).toBe(true);
      return context;
    }

    it.each([
      // [setting, price now, blocked]
      [1, '14.410', false],
      [1, '14.350', true],
      [2, '14.410', false],
      [2, '14.350', false],
      [0, '14.410', true],
      [0, '14.350', true],
    ])('a single under setting %i with the price moved to %s: blocked %s', async (oddsChange, now, blocked) => {
      const { env, slip } = await single(oddsChange);
      pushHome(env, 1, now);
      expect(slip.placeReason).toBe(blocked ? SlipReason.OddsChanged : undefined);
      expect(slip.entryReason(slip.entry(1)!)).toBe(blocked ? SlipReason.OddsChanged : undefined);
      // Blocked or not, the move is offered for acceptance; once accepted nothing blocks.
      expect(slip.hasChangesToAccept).toBe(true);
      slip.acceptChanges();
      expect(slip.entry(1)!.odd).toBe(now);
      expect(slip.canPlace).toBe(true);
    });

    it('a move the member\'s format does not show is no move, under any setting', async () => {
      const { env, slip } = await single(0);
      pushHome(env, 1, '14.384');
      expect(slip.canPlace).toBe(true);
    });

    async function parlay(oddsChange: number) {
      const context = setup();
      context.store.settings.setOddsChange(oddsChange);
      context.slip.setMode('parlay');
      const odds = ['2.400', '2.500', '2.400'];
      odds.forEach((odd, i) => {
        context.betting.book.set((i + 1) * 100, { odd });
        context.slip.add(selection(i + 1, { odd }));
      });
      await settle();
      context.slip.setSeriesStake(3001, '10');
      expect(context.slip.canPlace).toBe(true);
      return context;
    }

    // The legs 2.40 x 2.50 x 2.40 = 14.40 in total. Leg 1 drops to 2.35 while leg 2 rises: to 2.60 the total rises
    // (14.664), to 2.52 it falls (14.2128); leg 2 alone rising to 2.51 raises it (14.4576).
    it.each([
      // [setting, leg 1 now, leg 2 now, blocked]
      [1, '2.400', '2.510', false],
      [1, '2.350', '2.600', false],
      [1, '2.350', '2.520', true],
      [1, '2.350', '2.500', true],
      [2, '2.350', '2.500', false],
      [2, '2.400', '2.510', false],
      [0, '2.400', '2.510', true],
      [0, '2.350', '2.600', true],
    ])('a parlay under setting %i with legs moved to %s and %s: blocked %s (on the parlay\'s total odds)', async (oddsChange, first, second, blocked) => {
      const { env, slip } = await parlay(oddsChange);
      pushHome(env, 1, first);
      pushHome(env, 2, second);
      expect(slip.placeReason).toBe(blocked ? SlipReason.OddsChanged : undefined);
      // Under "better only" no single leg is flagged: the parlay is judged as a whole.
      if (oddsChange !== 0) expect(slip.entries.map((e) => slip.entryReason(e))).toEqual([undefined, undefined, undefined]);
      expect(slip.hasChangesToAccept).toBe(true);
      slip.acceptChanges();
      expect(slip.canPlace).toBe(true);
    });

    it('a parlay leg the book refused at its price must be accepted whatever the setting', async () => {
      const { env, betting, slip, store } = await parlay(2);
      pushHome(env, 1, '2.300');
      betting.book.set(100, { odd: '2.300' });
      await slip.refreshBetInfo({ markRejected: true });
      expect(slip.placeReason).toBe(SlipReason.OddsChanged);
      store.settings.setOddsChange(1);
      expect(slip.placeReason).toBe(SlipReason.OddsChanged);
      slip.acceptChanges();
      expect(slip.canPlace).toBe(true);
    });
  });

  it('follows a line move pushed as a new market naming the old one', async () => {
    const { env, slip } = setup();
    slip.add(selection(1));
    await settle();
    pushOdds(env, oddsPush(1, { marketId: 900, oldMarketId: 100, line: '-0.75' }, [{ type: 'home', odd: '2.000', line: '-0.75' }]));
    expect(slip.entry(1)).toMatchObject({ marketId: 900 });
    expect(slip.placeReason).toBe(SlipReason.HandicapChanged);
  });

  it('asks for the names again in a new language', async () => {
    const { store, betting, slip } = setup();
    slip.add(selection(1));
    await settle();
    await store.settings.setLocale('en');
    await settle();
    expect(betting.betInfoCalls().at(-1)?.language).toBe('ENG');
  });

  it('unsubscribes from a match\'s odds when it leaves the slip', async () => {
    const { env, slip } = setup();
    const off = jest.fn();
    (env.push.subscribe as unknown as jest.Mock<() => () => void>).mockReturnValue(off);
    slip.add(selection(1));
    slip.remove(1);
    expect(off).toHaveBeenCalledTimes(1);
  });

  it('fills the focused stake field with a quick-stake preset', async () => {
    const { slip } = setup();
    slip.add(selection(1));
    slip.add(selection(2));
    slip.applyQuickStake('50');
    expect(slip.entry(2)!.stake).toBe('50');
    slip.setStakeTarget('entry:1');
    slip.applyQuickStake('500');
    expect(slip.entry(1)!.stake).toBe('500');
    slip.setMode('parlay');
    slip.setStakeTarget(undefined);
    slip.applyQuickStake('100');
    expect(slip.seriesStakes.get('2001')).toBe('100');
  });

  describe('showInSingle and inParlay (spec: bet slip entry, bet slip rules)', () => {
    it('marks a selection picked in parlay mode inParlay and keeps it out of single bets; one picked in single mode shows in single', async () => {
      const { slip } = setup();
      slip.add(selection(1));
      slip.setMode('parlay');
      slip.add(selection(2));
      await settle();
      expect(slip.entries.map((e) => [e.matchId, e.showInSingle, e.inParlay])).toEqual([
        [1, true, false],
        [2, false, true],
      ]);
      // A parlay uses every selection; single mode only the one marked showInSingle.
      expect(slip.series.map((s) => s.seriesNumber)).toContain(2001);
      slip.setMode('single');
      expect(slip.singleEntries.map((e) => e.matchId)).toEqual([1]);
      // The parlay leg's empty stake does not stop the single: only match 1 needs one.
      slip.setStake(1, '100');
      expect(slip.reasons).toEqual([]);
      expect(slip.totalStake.toFixed(2)).toBe('100.00');
    });

    it('places only the showInSingle entries in single mode, and a parlay pick once the member stakes it as a single', async () => {
      const { betting, store, slip } = setup();
      slip.setMode('parlay');
      slip.add(selection(1));
      slip.setMode('single');
      slip.add(selection(2));
      await settle();
      slip.setStake(2, '50');
      betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirmed)], repeated: false });
      await expect(ordersOf(store).place()).resolves.toBe(true);
      const [body] = betting.calls(BETTING_PATHS.singlePass) as Array<{ singleBetList: Array<{ betOptionList: Array<{ marketId: number }> }> }>;
      expect(body!.singleBetList.map((b) => b.betOptionList[0]!.marketId)).toEqual([200]);
      // The parlay pick stays in the slip; typing a stake for it makes it a single.
      expect(slip.entries.map((e) => e.matchId)).toEqual([1]);
      expect(slip.singleEntries).toHaveLength(0);
      slip.setStake(1, '20');
      expect(slip.entries[0]!.showInSingle).toBe(true);
      expect(slip.singleEntries.map((e) => e.matchId)).toEqual([1]);
    });

    it('a parlay of one selection is placed as a single with it, whatever its mark', async () => {
      const { slip } = setup();
      slip.setMode('parlay');
      slip.add(selection(1));
      await settle();
      expect(slip.isSingle).toBe(true);
      expect(slip.singleEntries.map((e) => e.matchId)).toEqual([1]);
    });
  });
});
