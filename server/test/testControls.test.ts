import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AnchorType, LiveStatus } from '../../domain/anchors';
import type { Anchor } from '../../contract/live';
import { OddsChange, OrderStatus } from '../../contract/enums';
import { BetError } from '../../contract/errors';
import { ECONOMY_PATHS } from '../../contract/economyCodes';
import { OPERATOR_TOKEN_HEADER } from '../../contract/forehead';
import { BETTING_PATHS } from '../../contract/paths';
import { TEST_CONTROL_PATHS, type ClaimedMatch, type ClaimedRoom, type Played, type TestMember } from '../../contract/testControls';
import { testControlRoutes } from '../src/routes/testControls';
import { buildTestApp, REPO_ROOT, type TestApp } from './helpers';

const TOKEN = 'controls-operator-token-0123456789';
const FOOTBALL = 1;
const BASKETBALL = 3;
const TENNIS = 5;

/**
 * The test controls (issue 27) through real HTTP: they exist only when asked for, need the operator token, and each
 * does what the e2e tests rely on: fresh members, matches and rooms no other claim gets, a match played to a point with
 * its settlement done when the answer comes, prices set through the feed's own path, a room event finished now.
 */
describe('without TEST_CONTROLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ sharedFeed: true, operatorToken: TOKEN });
  });
  afterAll(async () => t?.app.close());

  it('the /__test/ routes do not exist, with or without the operator token', async () => {
    for (const url of Object.values(TEST_CONTROL_PATHS)) {
      const res = await t.inject({ method: 'POST', url, payload: {}, headers: { [OPERATOR_TOKEN_HEADER]: TOKEN } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('refuses to start with TEST_CONTROLS beside DATABASE_URL, naming why', async () => {
    const run = promisify(execFile);
    const failed = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server', 'src', 'main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, TEST_CONTROLS: '1', OPERATOR_TOKEN: TOKEN, DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none', PORT: '0' },
      timeout: 30_000,
    }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('TEST_CONTROLS=1 is refused with DATABASE_URL set');
  });
});

describe('with TEST_CONTROLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ operatorToken: TOKEN, before: (app) => app.register(testControlRoutes, { operatorToken: TOKEN }) });
  });
  afterAll(async () => t?.app.close());

  const control = async <T>(url: string, payload: unknown, expected = 200): Promise<T> => {
    const res = await t.inject({ method: 'POST', url, payload, headers: { [OPERATOR_TOKEN_HEADER]: TOKEN } });
    expect({ url, status: res.statusCode, body: res.statusCode === expected ? '' : res.body }).toEqual({ url, status: expected, body: '' });
    return res.json<{ data: T }>().data;
  };
  const call = (url: string, payload: unknown, token?: string) => t.inject({ method: 'POST', url, payload, headers: token ? { authorization: token } : {} });

  it('refuses a call without the operator token (401) or with another (403), and keeps the routes out of /openapi.json', async () => {
    expect((await t.inject({ method: 'POST', url: TEST_CONTROL_PATHS.members, payload: {} })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: TEST_CONTROL_PATHS.members, payload: {}, headers: { [OPERATOR_TOKEN_HEADER]: 'x'.repeat(30) } })).statusCode).toBe(403);
    const doc = (await t.inject({ url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/__test'))).toEqual([]);
  });

  it('makes a fresh member with the balance, coins, special rooms and settings asked for, signed in', async () => {
    const member = await control<TestMember>(TEST_CONTROL_PATHS.members, { currency: 'USD', balance: '250.50', coins: '7.00', specialRooms: [8010], settings: { handicap: 2 } });
    const other = await control<TestMember>(TEST_CONTROL_PATHS.members, {});
    expect(member.username).not.toBe(other.username);
    const state = (await call('/api/forehead/user/loginState', {}, member.token)).json();
    expect(state.data.userData.username).toBe(member.username);
    expect(state.data.balance.balanceList).toEqual(expect.arrayContaining([expect.objectContaining({ coinCode: 'USD', balance: '250.50' })]));
    expect((await call(ECONOMY_PATHS.coinBalance, {}, member.token)).json().data.coinBalance).toBe('7.00');
    const config = (await t.inject({ url: '/api/forehead/system/cfg/get?collect=UserConfig', headers: { authorization: member.token } })).json();
    expect(config.data.handicap).toBe(2);
    // The password answered signs in too, as a person at the login box would.
    expect((await call('/api/forehead/user/login', { username: member.username, password: member.password })).statusCode).toBe(200);
    // Defaults: 10,000.00 CNY and 500.00 coins.
    const plain = (await call('/api/forehead/user/loginState', {}, other.token)).json();
    expect(plain.data.balance.balanceList).toEqual(expect.arrayContaining([expect.objectContaining({ coinCode: 'CNY', balance: '10000.00' })]));
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const res = await t.inject({ method: 'POST', url: TEST_CONTROL_PATHS.members, payload: { balance: '-5' }, headers: { [OPERATOR_TOKEN_HEADER]: TOKEN } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('balance');
    const bad = await t.inject({ method: 'POST', url: TEST_CONTROL_PATHS.playMatch, payload: { matchId: 1, to: 'nowhere' }, headers: { [OPERATOR_TOKEN_HEADER]: TOKEN } });
    expect(bad.statusCode).toBe(400);
  });

  it('answers every claim a match no other claim got, in the list and state asked for', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const claimed = await control<ClaimedMatch>(TEST_CONTROL_PATHS.claimMatch, { sportId: FOOTBALL, minVideoLines: 2, period: 'firstHalf' });
      expect(seen.has(claimed.matchId)).toBe(false);
      seen.add(claimed.matchId);
      expect(claimed.state).toMatchObject({ inPlay: true, periodKey: 'firstHalf', suspended: false });
      expect(claimed.state!.videoLines).toBeGreaterThanOrEqual(2);
      expect(t.feed.media(claimed.matchId)?.videos.length).toBeGreaterThanOrEqual(2);
    }
    const early = await control<ClaimedMatch>(TEST_CONTROL_PATHS.claimMatch, { sportId: FOOTBALL, list: 'early', parlay: true });
    expect(early.state).toMatchObject({ inPlay: false, finished: false });
    expect(t.feed.matches({ type: 'early', sportId: FOOTBALL }).some((m) => m.matchId === early.matchId)).toBe(true);
    const outright = await control<ClaimedMatch>(TEST_CONTROL_PATHS.claimMatch, { sportId: FOOTBALL, outright: true });
    expect(outright.state).toBeNull();
    expect(outright.away).toBeNull();
  });

  it('plays a claimed match to half-time, to a goal and to its end, settling its bets before it answers', async () => {
    const match = await control<ClaimedMatch>(TEST_CONTROL_PATHS.claimMatch, { sportId: FOOTBALL, list: 'today' });
    const member = await control<TestMember>(TEST_CONTROL_PATHS.members, {});
    const market = t.feed.markets(match.matchId).find((m) => m.status === 1 && m.kind === 'win1x2' && m.period === 'ft')!;
    const bets = await call(
      BETTING_PATHS.singlePass,
      { singleBetList: market.options.map((o) => ({ unitStake: '10', oddsChange: OddsChange.Any, betOptionList: [{ marketId: market.marketId, optionType: o.type, odds: o.odd, oddsFormat: 1 }] })) },
      member.token,
    );
    expect(bets.statusCode).toBe(200);
    const orderIds: string[] = bets.json().data.orders.map((o: { orderId: string }) => o.orderId);

    const kickedOff = await control<Played>(TEST_CONTROL_PATHS.playMatch, { matchId: match.matchId, to: 'kickoff' });
    expect(kickedOff.state).toMatchObject({ inPlay: true, period: 1 });
    const halfTime = await control<Played>(TEST_CONTROL_PATHS.playMatch, { matchId: match.matchId, to: 'period', period: 'halfTime' });
    expect(halfTime.state.periodKey).toBe('halfTime');
    expect(halfTime.events.map((e) => e.code)).toContain('halfTime');
    // The clock of the rest of the world did not move.
    const others = t.feed.matches({ type: 'inplay' }).filter((m) => m.matchId !== match.matchId);
    expect(others.length).toBeGreaterThan(0);

    const ended = await control<Played>(TEST_CONTROL_PATHS.playMatch, { matchId: match.matchId, to: 'end' });
    expect(ended.state.finished).toBe(true);
    // Settled by the time the control answered: exactly one of the three outcomes won.
    const status = (await call(BETTING_PATHS.orderStatus, { orderIds }, member.token)).json().data as Array<{ st: number }>;
    expect(status.map((s) => s.st)).toEqual([OrderStatus.Settled, OrderStatus.Settled, OrderStatus.Settled]);
    // Past the end nothing more can be played.
    await control(TEST_CONTROL_PATHS.playMatch, { matchId: match.matchId, to: 'score' }, 409);
  });

  it('plays to the next event of a kind, to a score, and a tennis match to a change of server', async () => {
    const match = await control<ClaimedMatch>(TEST_CONTROL_PATHS.claimMatch, { sportId: FOOTBALL, list: 'today' });
    const corner = await control<Played>(TEST_CONTROL_PATHS.playMatch, { matchId: match.matchId, to: 'event', event: 'corner', team: 'home' });
    expect(corner.events.at(-1)).toMatchObject({ code: 'corner', team: 'home' });
    const before = corner.state.score;
    const goal = await control<Played>(TEST_CONTROL_PATHS.playMatch, { matchId: match.matchId, to: 'score' });
    expect(goal.state.score.home + goal.state.score.away).toBe(before.home + before.away + 1);
    // A goal suspends the markets; "open" plays until they reopen.
    const reopened = await control<Played>(TEST_CONTROL_PATHS.playMatch, { matchId: match.matchId, to: 'open' });
    expect(reopened.state.suspended).toBe(false);

    const tennis = await control<ClaimedMatch>(TEST_CONTROL_PATHS.claimMatch, { sportId: TENNIS });
    const served = await control<Played>(TEST_CONTROL_PATHS.playMatch, { matchId: tennis.matchId, to: 'serve' });
    expect(served.state.serve).not.toBe(tennis.state!.serve);
    expect([1, 2]).toContain(served.state.serve);
  });

  it('answers, when asked, only a match with a score or an event of a side still to come, so playing to it cannot fail', async () => {
    for (let i = 0; i < 8; i++) {
      const match = await control<ClaimedMatch>(TEST_CONTROL_PATHS.claimMatch, { sportId: FOOTBALL, ahead: { score: true, team: 'away' } });
      const goal = await control<Played>(TEST_CONTROL_PATHS.playMatch, { matchId: match.matchId, to: 'score', team: 'away' });
      expect(goal.state.score.away).toBe(match.state!.score.away + 1);
    }
    const cornered = await control<ClaimedMatch>(TEST_CONTROL_PATHS.claimMatch, { sportId: FOOTBALL, period: 'secondHalf', ahead: { event: 'yellowCard', team: 'home' } });
    const card = await control<Played>(TEST_CONTROL_PATHS.playMatch, { matchId: cornered.matchId, to: 'event', event: 'yellowCard', team: 'home' });
    expect(card.events.at(-1)).toMatchObject({ code: 'yellowCard', team: 'home' });
  });

  it('refuses to play or price a match nobody claimed', async () => {
    const unclaimed = t.feed.matches({ type: 'inplay', sportId: BASKETBALL })[0]!;
    await control(TEST_CONTROL_PATHS.playMatch, { matchId: unclaimed.matchId, to: 'end' }, 409);
    const market = t.feed.markets(unclaimed.matchId)[0]!;
    await control(TEST_CONTROL_PATHS.setMarket, { marketId: market.marketId, status: 'suspended' }, 409);
  });

  it('sets a market\'s odds and suspends it through the feed: the push carries it and a bet is refused', async () => {
    const match = await control<ClaimedMatch>(TEST_CONTROL_PATHS.claimMatch, { sportId: BASKETBALL, list: 'early' });
    const market = t.feed.markets(match.matchId).find((m) => m.status === 1)!;
    const option = market.options[0]!;
    const priced = await control<{ options: Array<{ type: string; odd: string }> }>(TEST_CONTROL_PATHS.setMarket, { marketId: market.marketId, odds: { [option.type]: '3.33' } });
    expect(priced.options.find((o) => o.type === option.type)?.odd).toBe('3.33');
    expect(t.feed.market(market.marketId)?.options.find((o) => o.type === option.type)?.odd).toBe('3.33');
    await control(TEST_CONTROL_PATHS.setMarket, { marketId: market.marketId, odds: { nosuch: '2.00' } }, 400);

    await control(TEST_CONTROL_PATHS.setMarket, { marketId: market.marketId, status: 'suspended' });
    const member = await control<TestMember>(TEST_CONTROL_PATHS.members, {});
    const refused = await call(
      BETTING_PATHS.singlePass,
      { singleBetList: [{ unitStake: '10', oddsChange: OddsChange.Any, betOptionList: [{ marketId: market.marketId, optionType: option.type, odds: '3.33', oddsFormat: 1 }] }] },
      member.token,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errcode).toBe(BetError.MarketSuspended);
  });

  it('makes rooms of the caller\'s own: an exclusive room only its members see, living on a claimed match', async () => {
    const room = await control<ClaimedRoom>(TEST_CONTROL_PATHS.claimRoom, { type: 'exclusive', sportId: BASKETBALL });
    const second = await control<ClaimedRoom>(TEST_CONTROL_PATHS.claimRoom, {});
    expect(second.liveRoomId).not.toBe(room.liveRoomId);
    expect(room.anchorType).toBe(AnchorType.Exclusive);
    const allowed = await control<TestMember>(TEST_CONTROL_PATHS.members, { specialRooms: [room.liveRoomId] });
    const search = async (token?: string) => (await t.inject({ url: '/ssapi/anchor/search', headers: token ? { authorization: token } : {} })).json<{ data: Anchor[] }>().data;
    expect((await search()).some((a) => a.liveRoomId === room.liveRoomId)).toBe(false);
    const seen = (await search(allowed.token)).find((a) => a.liveRoomId === room.liveRoomId);
    expect(seen).toMatchObject({ matchId: room.match.matchId, liveStatus: LiveStatus.Living, hostName: room.hostName });
    expect((await search()).find((a) => a.liveRoomId === second.liveRoomId)?.liveStatus).toBe(LiveStatus.Living);

    // A waiting room goes on air when the test kicks its match off.
    const waiting = await control<ClaimedRoom>(TEST_CONTROL_PATHS.claimRoom, { living: false });
    expect((await search()).find((a) => a.liveRoomId === waiting.liveRoomId)?.liveStatus).toBe(LiveStatus.Waiting);
    await control(TEST_CONTROL_PATHS.playMatch, { matchId: waiting.match.matchId, to: 'kickoff' });
    expect((await search()).find((a) => a.liveRoomId === waiting.liveRoomId)?.liveStatus).toBe(LiveStatus.Living);
  });

  it('finishes a lottery now: drawn with the member who voted as its winner', async () => {
    const room = await control<ClaimedRoom>(TEST_CONTROL_PATHS.claimRoom, {});
    const started = await t.inject({
      method: 'POST',
      url: ECONOMY_PATHS.operatorStartEvent,
      payload: { roomId: room.liveRoomId, kind: 1, question: 'Next goal?', options: ['Home', 'Away'], countdownSeconds: 0, durationSeconds: 3600, winners: 1, reward: { type: 5, amount: '5.00' } },
      headers: { [OPERATOR_TOKEN_HEADER]: TOKEN },
    });
    expect(started.statusCode).toBe(200);
    const recordId = started.json().data.recordId as number;
    const member = await control<TestMember>(TEST_CONTROL_PATHS.members, { coins: '0.00' });
    const voted = await call(ECONOMY_PATHS.voteSubmit, { recordId, voteResult: 1, roomId: room.liveRoomId }, member.token);
    expect(`${voted.statusCode} ${voted.body}`).toMatch(/^200 /);

    const finished = await control<{ status: number; kind: number }>(TEST_CONTROL_PATHS.finishEvent, { recordId });
    expect(finished).toMatchObject({ status: 2, kind: 1 });
    expect((await call(ECONOMY_PATHS.coinBalance, {}, member.token)).json().data.coinBalance).toBe('5.00');
    await control(TEST_CONTROL_PATHS.finishEvent, { recordId: 999_999 }, 404);
  });

  it('moves the whole clock forward', async () => {
    const before = t.feed.now();
    const { now } = await control<{ now: number }>(TEST_CONTROL_PATHS.advanceClock, { ms: 60_000 });
    expect(now).toBe(before + 60_000);
    expect(t.feed.now()).toBe(now);
  });
});
