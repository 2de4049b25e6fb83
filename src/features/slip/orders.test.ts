import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { isAlive } from 'mobx-state-tree';
import { OddsFormat } from '../../../domain/odds';
import { SlipReason } from './domain/slipReasons';
import { OrderStatus } from '../../../contract/enums';
import { BETTING_PATHS } from '../../../contract/paths';
import { ApiError } from '../../services/http';
import { fakeBettingService, memberState, placedOrder, selection, settle } from '../../testing/bettingFixtures';
import { fakeEnv } from '../../testing/fakeEnv';
import { ORDER_STATUS_LOOP, ordersOf, WAITING_ORDERS_LOOP } from './orders';
import { createRootStore } from '../../core/store/RootStore';

function setup({ login = true } = {}) {
  const { env, http } = fakeEnv();
  const betting = fakeBettingService(http);
  const store = createRootStore({}, env);
  if (login) store.applyHostProps(memberState());
  return { env, http, betting, store, slip: store.betSlip, orders: ordersOf(store) };
}

const refusal = (code: number, msg: string) => new ApiError({ code, message: msg, service: 'betting', httpStatus: 409, body: { code, errcode: code, msg } });

describe('orders', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('places single mode as single bets with a request id, the price as shown and the odds setting', async () => {
    const { env, betting, store, slip, orders } = setup();
    store.settings.setOddsFormat(OddsFormat.HongKong);
    store.settings.setOddsChange(0);
    betting.book.set(200, { odd: '2.100' });
    slip.add(selection(1));
    slip.add(selection(2, { optionType: 'away', odd: '2.100' }));
    await settle();
    slip.setStake(1, '100');
    slip.setStake(2, '50.5');
    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirmed), placedOrder('1700000000000000002', OrderStatus.Confirmed)], repeated: false });

    await expect(orders.place()).resolves.toBe(true);
    const [body] = betting.calls(BETTING_PATHS.singlePass);
    expect(body).toEqual({
      singleBetList: [
        { unitStake: '100.00', oddsChange: 0, betOptionList: [{ marketId: 100, optionType: 'home', odds: '0.95', oddsFormat: 2 }] },
        { unitStake: '50.50', oddsChange: 0, betOptionList: [{ marketId: 200, optionType: 'away', odds: '1.10', oddsFormat: 2 }] },
      ],
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    // Pre-match bets are confirmed at once: a success toast with their descriptions, and the slip empties.
    expect(env.toast.toasts.map((t) => [t.type, t.message, t.detail])).toEqual([['success', 'toast.betSucceeded', 'description.single; description.single']]);
    expect(slip.isEmpty).toBe(true);
    expect(slip.placement).toBe('confirmed');
    expect(orders.waiting).toHaveLength(0);
    expect(env.scheduler.isRunning(ORDER_STATUS_LOOP)).toBe(false);
  });

  it('places a parlay of one selection as a single bet', async () => {
    const { betting, slip, orders } = setup();
    slip.setMode('parlay');
    slip.add(selection(1));
    await settle();
    slip.setStake(1, '10');
    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirmed)], repeated: false });
    await orders.place();
    expect(betting.calls(BETTING_PATHS.singlePass)).toHaveLength(1);
    expect(betting.calls(BETTING_PATHS.betMultiple)).toHaveLength(0);
  });

  it('places a parlay as a multiple bet sending only the series with a stake, its legs as decimal odds whatever the format', async () => {
    const { betting, slip, orders, store } = setup();
    // Malay chosen: the handicap legs still go (and show) as decimal odds, which the parlay multiplies.
    store.settings.setOddsFormat(OddsFormat.Malay);
    slip.setMode('parlay');
    for (const id of [1, 2, 3]) slip.add(selection(id));
    await settle();
    slip.setSeriesStake(3004, '10');
    slip.setSeriesStake(3001, '20');
    betting.answerPlace({ orders: [placedOrder('1700000000000000011', OrderStatus.Confirmed, 3001), placedOrder('1700000000000000012', OrderStatus.Confirmed, 3004)], repeated: false });
    await orders.place();
    const [body] = betting.calls(BETTING_PATHS.betMultiple);
    expect(body).toEqual({
      betMultipleData: [
        { itemCount: 3, seriesValue: 3001, unitStake: '20.00', oddsChange: 1 },
        { itemCount: 3, seriesValue: 3004, unitStake: '10.00', oddsChange: 1 },
      ],
      betOptionList: [1, 2, 3].map((id) => ({ marketId: id * 100, optionType: 'home', odds: '1.95', oddsFormat: 1 })),
      requestId: expect.any(String),
    });
    expect(slip.isEmpty).toBe(true);
    expect(slip.seriesStakes.size).toBe(0);
  });

  it('does not place a slip that has a reason not to', async () => {
    const { betting, slip, orders } = setup();
    slip.add(selection(1));
    await settle();
    await expect(orders.place()).resolves.toBe(false);
    expect(betting.calls(BETTING_PATHS.singlePass)).toHaveLength(0);
  });

  it('waits for the bet info of a selection picked a moment ago: its limits catch a low stake, a good one goes after the names are known', async () => {
    const { http, betting, slip, orders } = setup();
    slip.add(selection(1));
    slip.setStake(1, '5');
    // No limits known yet: the slip alone would let 5 through; the bet info names a minimum of 10.
    expect(slip.canPlace).toBe(true);
    await expect(orders.place()).resolves.toBe(false);
    expect(betting.calls(BETTING_PATHS.singlePass)).toHaveLength(0);
    expect(slip.placeReason).toBe(SlipReason.BelowRange);

    slip.add(selection(2));
    slip.setStake(2, '100');
    slip.setStake(1, '100');
    expect(slip.loadingInfo).toBe(true);
    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirmed), placedOrder('1700000000000000002', OrderStatus.Confirmed)], repeated: false });
    await expect(orders.place()).resolves.toBe(true);
    const paths = http.betting.post.mock.calls.map(([url]) => url);
    expect(paths.lastIndexOf(BETTING_PATHS.betInfo)).toBeLessThan(paths.indexOf(BETTING_PATHS.singlePass));
    expect(slip.isEmpty).toBe(true);
  });

  it('polls a confirming order every second until decided, then toasts and removes the entry', async () => {
    const { env, http, betting, slip, orders } = setup();
    slip.add(selection(1));
    await settle();
    slip.setStake(1, '100');
    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirming)], repeated: false });
    await orders.place();

    // The stake left the wallet: the balance is fetched again (and handed to the host).
    expect(http.forehead.post.mock.calls.filter(([path]) => path === '/api/forehead/user/loginState')).toHaveLength(1);
    // Waiting: stored locally, the entry locked in the slip with the temporary order status.
    expect(env.storage.get('waitingOrders')).toEqual([{ orderId: '1700000000000000001', status: 1, description: 'description.single' }]);
    expect(slip.entry(1)!.locked).toBe(true);
    expect(slip.placement).toBe('confirming');
    expect(slip.placeReason).toBe(SlipReason.Confirming);

    betting.answerStatus([{ oid: '1700000000000000001', st: OrderStatus.Confirming }]);
    await jest.advanceTimersByTimeAsync(999);
    expect(betting.calls(BETTING_PATHS.orderStatus)).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(betting.calls(BETTING_PATHS.orderStatus)).toEqual([{ orderIds: ['1700000000000000001'] }]);
    expect(env.toast.toasts).toHaveLength(0);

    betting.answerStatus([{ oid: '1700000000000000001', st: OrderStatus.Confirmed }]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(env.toast.toasts.map((t) => [t.type, t.message, t.detail])).toEqual([['success', 'toast.betSucceeded', 'description.single']]);
    expect(slip.isEmpty).toBe(true);
    expect(slip.placement).toBe('confirmed');
    expect(orders.waiting).toHaveLength(0);
    expect(env.storage.get('waitingOrders')).toEqual([]);

    // Nothing left waiting: the 1 s poll has stopped.
    expect(env.scheduler.isRunning(ORDER_STATUS_LOOP)).toBe(false);
    await jest.advanceTimersByTimeAsync(5000);
    expect(betting.calls(BETTING_PATHS.orderStatus)).toHaveLength(2);
  });

  it('re-offers the new price after a rejection in the acceptance delay', async () => {
    const { env, betting, slip, orders } = setup();
    slip.add(selection(1));
    await settle();
    slip.setStake(1, '100');
    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirming)], repeated: false });
    await orders.place();

    betting.book.set(100, { odd: '2.100' });
    betting.answerStatus([{ oid: '1700000000000000001', st: OrderStatus.Rejected }]);
    await jest.advanceTimersByTimeAsync(1000);
    await settle();
    expect(env.toast.toasts.map((t) => [t.type, t.message, t.detail])).toEqual([['error', 'toast.betFailed', 'description.single']]);
    const entry = slip.entry(1)!;
    expect(entry.locked).toBe(false);
    expect(entry.stake).toBe('100');
    expect(slip.placement).toBe('rejected');
    // Even a better price must be accepted again after the book refused the old one.
    expect(entry.currentOdd).toBe('2.100');
    expect(slip.placeReason).toBe(SlipReason.OddsChanged);
    slip.acceptChanges();
    expect(entry.odd).toBe('2.100');
    expect(slip.canPlace).toBe(true);
  });

  it('says why an in-play bet was rejected after the delay (score changed) and offers it again at the same price', async () => {
    const { env, http, betting, slip, orders } = setup();
    const balanceCalls = () => http.forehead.post.mock.calls.filter(([path]) => path === '/api/forehead/user/loginState').length;
    slip.add(selection(1));
    await settle();
    slip.setStake(1, '100');
    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirming)], repeated: false });
    await orders.place();

    expect(balanceCalls()).toBe(1);
    betting.answerStatus([{ oid: '1700000000000000001', st: OrderStatus.Rejected, rt: 15014 }]);
    await jest.advanceTimersByTimeAsync(1000);
    await settle();
    // The stake came back: the balance is fetched again.
    expect(balanceCalls()).toBe(2);
    expect(env.toast.toasts.map((t) => [t.type, t.detail])).toEqual([['error', 'description.single (reason.scoreChanged)']]);
    expect(slip.refusal).toBe(SlipReason.ScoreChanged);
    const entry = slip.entry(1)!;
    expect(entry.locked).toBe(false);
    // The price did not move: nothing to accept, the member may place the same bet again at once.
    expect(slip.canPlace).toBe(true);
    // Changing the stake clears the old reason.
    slip.setStake(1, '50');
    expect(slip.refusal).toBeUndefined();
  });

  it('answers a refusal with its reason, and an odds-change refusal with a re-offer', async () => {
    const { env, betting, slip, orders } = setup();
    slip.add(selection(1));
    await settle();
    slip.setStake(1, '100');
    betting.book.set(100, { odd: '1.800' });
    betting.answerPlace(refusal(15005, 'Odds changed: singleBetList[0].betOptionList[0]: odds are 1.8 now, asked 1.95'));
    await expect(orders.place()).resolves.toBe(false);
    await settle();
    expect(env.toast.toasts.map((t) => [t.type, t.message, t.detail])).toEqual([['error', 'toast.betFailed', 'reason.oddsChanged']]);
    expect(slip.refusal).toBe(SlipReason.OddsChanged);
    expect(slip.entry(1)!.priceRejected).toBe(true);
    expect(slip.placeReason).toBe(SlipReason.OddsChanged);
    slip.acceptChanges();
    expect(slip.canPlace).toBe(true);

    betting.answerPlace(refusal(15008, 'Insufficient balance: CNY balance 5.00 is below the stake 100.00'));
    await orders.place();
    expect(slip.refusal).toBe(SlipReason.InsufficientBalance);
  });

  it('reuses the request id after a lost answer and takes a new one after a refusal', async () => {
    const { betting, slip, orders } = setup();
    slip.add(selection(1));
    await settle();
    slip.setStake(1, '100');
    betting.answerPlace(new ApiError({ code: -1, message: 'timeout of 15000ms exceeded', service: 'betting' }));
    await orders.place();
    betting.answerPlace(refusal(15001, 'Market suspended'));
    await orders.place();
    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirmed)], repeated: true });
    await orders.place();
    const ids = betting.calls(BETTING_PATHS.singlePass).map((b) => b.requestId);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[1]);
  });

  it('re-checks stored waiting orders every 3 s: after a reload the poll picks them up', async () => {
    const { env, http } = fakeEnv();
    const betting = fakeBettingService(http);
    env.storage.set('waitingOrders', [{ orderId: '1700000000000000009', status: 1, description: 'Home 1 – Away 1' }]);
    const store = createRootStore({}, env);
    expect(ordersOf(store).waiting.map((w) => w.orderId)).toEqual(['1700000000000000009']);
    // Nothing runs for a visitor.
    await jest.advanceTimersByTimeAsync(6000);
    expect(betting.calls(BETTING_PATHS.orderStatus)).toHaveLength(0);

    store.applyHostProps(memberState());
    expect(env.scheduler.isRunning(WAITING_ORDERS_LOOP)).toBe(true);
    betting.answerStatus([{ oid: '1700000000000000009', st: OrderStatus.Canceled }]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(betting.calls(BETTING_PATHS.orderStatus)).toHaveLength(1);
    expect(env.toast.toasts.map((t) => [t.message, t.detail])).toEqual([['toast.betFailed', 'Home 1 – Away 1']]);

    // Another tab stores an order: the 3 s re-check (due 3 s after the login) finds it and starts the 1 s poll again.
    env.storage.set('waitingOrders', [{ orderId: '1700000000000000010', status: 0 }]);
    betting.answerStatus([{ oid: '1700000000000000010', st: OrderStatus.Confirmed }]);
    await jest.advanceTimersByTimeAsync(2000);
    expect(ordersOf(store).waiting.map((w) => w.orderId)).toEqual(['1700000000000000010']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(betting.calls(BETTING_PATHS.orderStatus)).toHaveLength(2);
    expect(ordersOf(store).waiting).toHaveLength(0);
  });

  it('releases a restored selection whose order is no longer followed', () => {
    const { env } = fakeEnv();
    env.storage.set('betSlip', {
      mode: 'single',
      entries: [{ matchId: 1, sportId: 1, marketId: 100, marketType: 1000, period: 'ft', optionType: 'home', odd: '1.950', stake: '10', waitingOrderIds: ['1700000000000000001'] }],
      seriesStakes: {},
    });
    const store = createRootStore({}, env);
    expect(store.betSlip.entry(1)!.locked).toBe(false);
    expect(store.betSlip.entry(1)!.stake).toBe('10');
  });

  it('stops following an order the platform does not know', async () => {
    const { env, http } = fakeEnv();
    const betting = fakeBettingService(http);
    env.storage.set('waitingOrders', [{ orderId: '1700000000000000009', status: 1 }]);
    const store = createRootStore({}, env);
    store.applyHostProps(memberState());
    betting.answerStatus([]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(ordersOf(store).waiting).toHaveLength(0);
    expect(env.toast.toasts).toHaveLength(0);
  });

  it('stops its loops on logout and on unmount', async () => {
    const { env, betting, store, slip, orders } = setup();
    slip.add(selection(1));
    await settle();
    slip.setStake(1, '100');
    betting.answerPlace({ orders: [placedOrder('1700000000000000001', OrderStatus.Confirming)], repeated: false });
    await orders.place();
    expect(env.scheduler.isRunning(ORDER_STATUS_LOOP)).toBe(true);
    store.session.clear();
    expect(env.scheduler.activeCount()).toBe(0);

    orders.startPolling();
    expect(env.scheduler.isRunning(ORDER_STATUS_LOOP)).toBe(true);
    store.dispose();
    expect(env.scheduler.isRunning(ORDER_STATUS_LOOP)).toBe(false);
    expect(env.scheduler.isRunning(WAITING_ORDERS_LOOP)).toBe(false);
    // The store ended with the app: a later use makes a new one.
    expect(isAlive(orders)).toBe(false);
  });
});
