import { myBetsOf } from '../myBets/myBets';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError, LOCAL_CODES } from '../../services/http';
import { wireReservation } from '../../testing/betRecordFixtures';
import { fakeBettingService, memberState, pushOdds, selection, settle } from '../../testing/bettingFixtures';
import { fakeEnv } from '../../testing/fakeEnv';
import { fakeReservationService, preBetParameters as parameters } from '../../testing/reservationFixtures';
import { envOf } from '../../core/store/env';
import { checkPreBet, reservationsOf, stepOdds } from './reservations';
import { createRootStore } from '../../core/store/RootStore';

const refusal = (code: number, msg: string) => new ApiError({ code, message: msg, service: 'betting', httpStatus: 422, body: { code, errcode: code, msg } });
const networkError = () => new ApiError({ code: LOCAL_CODES.network, message: 'Network Error', service: 'betting' });

async function setup({ login = true } = {}) {
  const { env, http } = fakeEnv();
  const betting = fakeBettingService(http);
  const service = fakeReservationService(http);
  const store = createRootStore({}, env);
  store.settings.restore('en');
  if (login) store.applyHostProps(memberState());
  store.betSlip.add(selection(1));
  await settle();
  return { env, http, betting, store, reservations: reservationsOf(store), entry: store.betSlip.entries[0]!, ...service };
}

const limits = { minOdds: '1.96', maxOdds: '5.85', minBet: '10.00', maxBet: '20000.00' };

describe('pre-bet checks', () => {
  it('takes decimal odds within minOdds..maxOdds (both included) and a stake within minBet..maxBet', () => {
    expect(checkPreBet('1.96', '10', limits)).toEqual([]);
    expect(checkPreBet('5.85', '20000', limits)).toEqual([]);
    expect(checkPreBet('1.95', '100', limits)).toEqual(['oddsBelowMin']);
    expect(checkPreBet('5.86', '100', limits)).toEqual(['oddsAboveMax']);
    // A third decimal is a price no list shows and the platform does not quote.
    expect(checkPreBet('2.005', '100', limits)).toEqual(['invalidOdds']);
    expect(checkPreBet('9.99', '9.99', limits)).toEqual(['oddsAboveMax', 'belowRange']);
    expect(checkPreBet('2.00', '20000.01', limits)).toEqual(['exceedRange']);
  });

  it('says what is missing or malformed, odds before stake', () => {
    expect(checkPreBet('', '', limits)).toEqual(['enterOdds', 'enterStake']);
    expect(checkPreBet('2.1234', '100', limits)).toEqual(['invalidOdds']);
    expect(checkPreBet('1', '100', limits)).toEqual(['invalidOdds']);
    expect(checkPreBet('2,10', '100', limits)).toEqual(['invalidOdds']);
    expect(checkPreBet('2.10', '10.005', limits)).toEqual(['invalidStake']);
    expect(checkPreBet('2.10', '-5', limits)).toEqual(['invalidStake']);
    expect(checkPreBet('2.10', '0', limits)).toEqual(['enterStake']);
  });

  it('refuses any odds on a suspended option, treats a maxBet of 0 as no cap and checks the balance', () => {
    expect(checkPreBet('2.10', '100', { ...limits, minOdds: null, maxOdds: null })).toEqual(['marketSuspended']);
    expect(checkPreBet('2.10', '900000', { ...limits, maxBet: '0' })).toEqual([]);
    expect(checkPreBet('2.10', '100.01', limits, '100.00')).toEqual(['insufficientBalance']);
    expect(checkPreBet('2.10', '100.00', limits, '100.00')).toEqual([]);
  });

  it('steps the odds by 0.01 on the grid, within the bounds', () => {
    expect(stepOdds('1.96', 1, '1.96', '5.85')).toBe('1.97');
    expect(stepOdds('1.96', -1, '1.96', '5.85')).toBe('1.96');
    expect(stepOdds('5.85', 1, '1.96', '5.85')).toBe('5.85');
    expect(stepOdds('9', -1, '1.96', '5.85')).toBe('5.85');
    expect(stepOdds('', 1, '1.96', '5.85')).toBe('1.96');
  });
});

describe('reservations store', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('loads the limits of the slip entry; the requested odds start at minOdds of the option, the stake at the slip’s', async () => {
    const { reservations, store, entry, parameterCalls } = await setup();
    store.betSlip.setStake(1, '50');
    expect(reservations.open(entry)).toBe(true);
    expect(reservations.reason).toBe('loading');
    await settle();
    expect(parameterCalls()).toEqual([{ matchId: 1, marketId: 100, optionType: 'home', language: 'ENG' }]);
    expect(reservations.isOpen).toBe(true);
    expect(reservations.limits).toEqual({ minOdds: '1.96', maxOdds: '5.85', minBet: '10.00', maxBet: '20000.00' });
    expect(reservations.odds).toBe('1.96');
    expect(reservations.stake).toBe('50.00');
    expect(reservations.reasons).toEqual([]);
    expect(reservations.canBook).toBe(true);
    expect(reservations.potentialReturn?.toFixed(2)).toBe('98.00');
    expect(reservations.expiresAt).toBe(Date.UTC(2026, 10, 21, 12, 0));
  });

  it('checks the requested odds and stake against the limits as they are typed', async () => {
    const { reservations, entry } = await setup();
    reservations.open(entry);
    await settle();
    reservations.setStake('100');
    reservations.setOdds('1.95');
    expect(reservations.reason).toBe('oddsBelowMin');
    reservations.setOdds('5.86');
    expect(reservations.reason).toBe('oddsAboveMax');
    reservations.setOdds('2.5');
    reservations.setStake('5');
    expect(reservations.reason).toBe('belowRange');
    reservations.setStake('20000.01');
    expect(reservations.reason).toBe('exceedRange');
    // memberState has 1,000.00: the platform would refuse a larger stake at booking (no money moves until placed).
    reservations.setStake('1000.01');
    expect(reservations.reason).toBe('insufficientBalance');
    reservations.setStake('100');
    expect(reservations.canBook).toBe(true);
    reservations.stepOdds(1);
    expect(reservations.odds).toBe('2.51');
  });

  it('a suspended market or locked option cannot be booked; an in-play market has no kick-off expiry', async () => {
    const { reservations, entry, answerParameters } = await setup();
    answerParameters(parameters({ isInPlay: true, expiresAt: null, currentOdds: [{ type: 'home', name: 'Home 1', odd: '1.950', isLock: true, minOdds: null, maxOdds: null }] }));
    reservations.open(entry);
    await settle();
    expect(reservations.reason).toBe('marketSuspended');
    expect(reservations.odds).toBe('');
    expect(reservations.expiresAt).toBeNull();
    expect(reservations.isInPlay).toBe(true);
    await expect(reservations.book()).resolves.toBe(false);
  });

  it('a refused limits call keeps the dialog open with the reason and the platform’s message', async () => {
    const { reservations, entry, answerParameters } = await setup();
    answerParameters(refusal(15013, 'matchId: match 1 is starting'));
    reservations.open(entry);
    await settle();
    expect(reservations.status).toBe('failed');
    expect(reservations.loadFailure).toEqual({ reason: 'matchStarted', message: 'matchId: match 1 is starting' });
    expect(reservations.reason).toBe('unavailable');
  });

  it('books with a request id: toast, the entry leaves the slip, the reserved view reloads, the dialog closes', async () => {
    const { env, store, reservations, entry, answerBook, answerList, bookCalls, listCalls } = await setup();
    myBetsOf(store).open();
    await myBetsOf(store).setSettlementType('reserved');
    expect(listCalls()).toHaveLength(1);
    reservations.open(entry);
    await settle();
    reservations.setOdds('2.2');
    reservations.setStake('100');
    answerBook({ ...wireReservation({ reserveId: '1763700000000000777', optionOdd: '2.20', unitStake: '100.00' }), repeated: false });
    answerList({ ods: [wireReservation({ reserveId: '1763700000000000777' })], sts: [] });

    await expect(reservations.book()).resolves.toBe(true);
    expect(bookCalls()).toEqual([
      { matchId: 1, marketId: 100, optionType: 'home', odds: '2.20', unitStake: '100.00', language: 'ENG', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    ]);
    expect(env.toast.toasts.map((t) => [t.type, t.message, t.detail])).toEqual([['success', 'toast.booked', 'description']]);
    expect(store.betSlip.isEmpty).toBe(true);
    expect(reservations.isOpen).toBe(false);
    await settle();
    expect(listCalls()).toHaveLength(2);
    expect(myBetsOf(store).reservations.map((r) => r.reserveId)).toEqual(['1763700000000000777']);
  });

  it('does not reload My bets when the reserved view is not showing', async () => {
    const { store, reservations, entry, answerBook, listCalls } = await setup();
    reservations.open(entry);
    await settle();
    answerBook({ ...wireReservation(), repeated: false });
    await reservations.book();
    expect(listCalls()).toHaveLength(0);
    expect(myBetsOf(store).status).toBe('idle');
  });

  it('reuses the request id after a booking got no answer, and only for the same pre-bet', async () => {
    const { reservations, entry, answerBook, bookCalls } = await setup();
    reservations.open(entry);
    await settle();
    reservations.setStake('100');
    answerBook(networkError());
    await expect(reservations.book()).resolves.toBe(false);
    expect(reservations.refusal).toEqual({ reason: 'noAnswer' });
    expect(reservations.isOpen).toBe(true);

    answerBook(networkError());
    await reservations.book();
    const [first, second] = bookCalls();
    expect(second!.requestId).toBe(first!.requestId);

    // Another stake is another pre-bet: a new id.
    reservations.setStake('120');
    answerBook({ ...wireReservation(), repeated: false });
    await expect(reservations.book()).resolves.toBe(true);
    expect(bookCalls()[2]!.requestId).not.toBe(first!.requestId);
  });

  it('a repeated answer (the lost booking had been made) counts as booked', async () => {
    const { env, reservations, entry, answerBook, bookCalls } = await setup();
    reservations.open(entry);
    await settle();
    reservations.setStake('100');
    answerBook(networkError());
    await reservations.book();
    answerBook({ ...wireReservation(), repeated: true });
    await expect(reservations.book()).resolves.toBe(true);
    expect(bookCalls()[1]!.requestId).toBe(bookCalls()[0]!.requestId);
    expect(env.toast.toasts.filter((t) => t.type === 'success')).toHaveLength(1);
  });

  it('a refusal shows its reason and the platform’s message, reads the limits again and forgets the request id', async () => {
    const { env, reservations, entry, answerBook, bookCalls, parameterCalls, answerParameters } = await setup();
    reservations.open(entry);
    await settle();
    reservations.setStake('100');
    answerParameters(parameters({ currentOdds: [{ type: 'home', name: 'Home 1', odd: '2.000', isLock: false, minOdds: '2.01', maxOdds: '6.00' }] }));
    answerBook(refusal(15032, 'odds: asked 1.96, the odds are 2.000 now; ask at least 2.01'));

    await expect(reservations.book()).resolves.toBe(false);
    expect(reservations.refusal).toEqual({ reason: 'oddsTooLow', message: 'odds: asked 1.96, the odds are 2.000 now; ask at least 2.01' });
    expect(reservations.isOpen).toBe(true);
    expect(env.toast.toasts.filter((t) => t.type === 'success')).toHaveLength(0);
    await settle();
    expect(parameterCalls()).toHaveLength(2);
    // The member had not picked their own odds: they follow the new minimum.
    expect(reservations.odds).toBe('2.01');
    expect(reservations.limits?.minOdds).toBe('2.01');

    answerBook(refusal(15033, 'at most 50 booked pre-bets at a time'));
    await reservations.book();
    expect(reservations.refusal?.reason).toBe('tooMany');
    expect(bookCalls()[1]!.requestId).not.toBe(bookCalls()[0]!.requestId);
    // Changing something clears the refusal.
    reservations.setStake('90');
    expect(reservations.refusal).toBeUndefined();
  });

  it('keeps the odds the member typed when the limits change, and flags them when they fall below', async () => {
    const { reservations, entry, answerParameters, store, betting, parameterCalls } = await setup();
    reservations.open(entry);
    await settle();
    reservations.setOdds('2.00');
    answerParameters(parameters({ currentOdds: [{ type: 'home', name: 'Home 1', odd: '2.050', isLock: false, minOdds: '2.06', maxOdds: '6.15' }] }));
    // A price push on the slip's market reads the limits again a second later.
    betting.book.set(100, { odd: '2.050' });
    pushOdds(envOf(store), { kind: 'odds', matchId: 1, markets: [{ marketId: 100, status: 1, allowParley: true, line: '-0.5', options: [{ type: 'home', odd: '2.050', isLock: false }] }] } as never);
    await settle();
    // It waits in the scheduler, so an unmount (stopAll) would cancel it.
    expect(envOf(store).scheduler.isRunning('reservations.refresh')).toBe(true);
    jest.advanceTimersByTime(1000);
    await settle();
    expect(parameterCalls()).toHaveLength(2);
    expect(reservations.limits?.minOdds).toBe('2.06');
    expect(reservations.odds).toBe('2.00');
    expect(reservations.reason).toBe('oddsBelowMin');
    expect(reservations.currentOdd).toBe('2.050');
  });

  it('closes when the member logs out, and does not open for a visitor', async () => {
    const { store, reservations, entry, parameterCalls } = await setup();
    reservations.open(entry);
    await settle();
    store.applyHostProps({ isLogin: false });
    expect(reservations.isOpen).toBe(false);
    expect(reservations.open(entry)).toBe(false);
    expect(parameterCalls()).toHaveLength(1);
  });
});
