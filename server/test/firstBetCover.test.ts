import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FirstBetCoverStatus } from '../../contract/enums';
import { LIVE_ROOM_PATHS } from '../../contract/paths';
import { LiveStatus } from '../../domain/anchors';
import type { Anchor } from '../../contract/live';
import { MatchStatus, type Market, type MatchResult } from '../src/feed';
import { balanceOf, bookProblems, placeSingle, type Selection } from './betting.support';
import { buildTestApp, loadRealPlatformConfig, login, type TestApp } from './helpers';

/**
 * First-bet coverage over real HTTP (docs/api.md "First-bet coverage"): bets placed through the betting routes,
 * settled by the betting engine from a match result, the refund credited with its ledger entry in that settlement.
 */
describe('first-bet coverage', () => {
  let t: TestApp;
  let demo: string;
  let demo2: string;

  beforeAll(async () => {
    // No in-play delay: the room's match is in play, and the test is about settlement, not acceptance.
    const real = loadRealPlatformConfig();
    t = await buildTestApp({ config: { betting: { ...real.betting, inPlayDelaySeconds: 0 } } });
    [demo, demo2] = await Promise.all([login(t, 'demo'), login(t, 'demo2')]);
  });
  afterAll(async () => t?.app.close());

  const post = (url: string, payload: unknown, token: string) => t.inject({ method: 'POST', url, payload, headers: { authorization: token } });
  const data = async (url: string, payload: unknown, token: string) => {
    const res = await post(url, payload, token);
    expect({ url, status: res.statusCode, msg: res.json().msg }).toEqual({ url, status: 200, msg: 'success' });
    return res.json().data;
  };

  /** Live football rooms on different matches, each with an open full-time 1X2 market. */
  async function footballRooms(): Promise<Array<{ room: Anchor; market: Market }>> {
    const rooms: Anchor[] = (await t.inject({ url: '/ssapi/anchor/search' })).json().data;
    const out: Array<{ room: Anchor; market: Market }> = [];
    for (const room of rooms) {
      if (room.sportId !== 1 || room.liveStatus !== LiveStatus.Living || out.some((o) => o.room.matchId === room.matchId)) continue;
      const market = t.feed.markets(room.matchId).find((m) => m.kind === 'win1x2' && m.period === 'ft' && m.status === 1 && m.options.every((o) => !o.isLock));
      if (market) out.push({ room, market });
    }
    return out;
  }

  /** A home pick of the market, and a result it loses or wins. */
  const homePick = (market: Market): Selection => ({ match: undefined as never, market, option: market.options.find((o) => o.type === 'home')! });
  function result(matchId: number, home: number, away: number): MatchResult {
    return {
      matchId,
      matchStatus: MatchStatus.Ended,
      winnerTeamId: undefined,
      final: { periods: { ft: { goals: { home, away } } }, completed: ['ft'], winner: home > away ? 'home' : away > home ? 'away' : 'draw' },
    } as unknown as MatchResult;
  }
  async function bet(token: string, market: Market, stake: string): Promise<string> {
    const res = await placeSingle(t, token, homePick(market), stake, { oddsChange: 2 });
    expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 200, body: { code: 0, data: { orders: [{ status: 4 }] } } });
    return res.json().data.orders[0].orderId;
  }
  async function covers(username: string) {
    return t.db
      .selectFrom('ledger')
      .innerJoin('members', 'members.id', 'ledger.member_id')
      .select(['ledger.amount_minor', 'ledger.ref_id'])
      .where('members.username', '=', username)
      .where('ledger.kind', '=', 'first_bet_cover')
      .execute();
  }

  it("refunds an eligible member's losing first bet once, up to the cap; later bets and other members are not covered", async () => {
    const [{ room, market }] = await footballRooms();
    expect(room).toBeDefined();
    const offer = await data(LIVE_ROOM_PATHS.firstBetInfo, { liveRoomId: room!.liveRoomId, language: 'ENG' }, demo);
    expect(offer).toMatchObject({ liveRoomId: room!.liveRoomId, matchId: room!.matchId, offered: true, currency: 'CNY', capAmount: '100.00', eligible: true, reason: null, cover: null });
    expect(offer.terms).toContain('100.00 CNY');

    const joined = await data(LIVE_ROOM_PATHS.firstBetJoin, { liveRoomId: room!.liveRoomId }, demo);
    expect(joined).toMatchObject({ eligible: false, reason: 'joined', cover: { status: FirstBetCoverStatus.Joined, orderId: null, coverAmount: '0.00' } });
    expect(await data(LIVE_ROOM_PATHS.firstBetJoin, { liveRoomId: room!.liveRoomId }, demo)).toMatchObject({ cover: { joinedAt: joined.cover.joinedAt } });

    // demo2 bets on the match before joining: no longer a first bet, so not eligible.
    const theirs = await bet(demo2, market!, '80');
    const refused = await post(LIVE_ROOM_PATHS.firstBetJoin, { liveRoomId: room!.liveRoomId }, demo2);
    expect({ status: refused.statusCode, msg: refused.json().msg }).toEqual({ status: 400, msg: `liveRoomId: you already bet on match ${room!.matchId}; the coverage is for a first bet` });
    expect(await data(LIVE_ROOM_PATHS.firstBetInfo, { liveRoomId: room!.liveRoomId }, demo2)).toMatchObject({ eligible: false, reason: 'alreadyBet', cover: null });

    t.clock.advance(1000);
    const first = await bet(demo, market!, '150');
    t.clock.advance(1000);
    const second = await bet(demo, market!, '30');
    expect((await data(LIVE_ROOM_PATHS.firstBetInfo, { liveRoomId: room!.liveRoomId }, demo)).cover).toMatchObject({ orderId: first, status: FirstBetCoverStatus.Joined });

    const before = { demo: await balanceOf(t, 'demo'), demo2: await balanceOf(t, 'demo2') };
    await t.app.betting.settlement.settleMatch(result(room!.matchId, 0, 1));
    // The first bet lost 150: 100 (the cap) comes back; the second bet and demo2's are not covered.
    expect(await covers('demo')).toEqual([{ amount_minor: 10_000, ref_id: first }]);
    expect(await covers('demo2')).toEqual([]);
    expect(await balanceOf(t, 'demo')).toBe(before.demo + 10_000);
    expect(await balanceOf(t, 'demo2')).toBe(before.demo2);
    const state = await data(LIVE_ROOM_PATHS.firstBetInfo, { liveRoomId: room!.liveRoomId }, demo);
    expect(state.cover).toMatchObject({ status: FirstBetCoverStatus.Covered, orderId: first, coverAmount: '100.00' });
    expect([second, theirs]).not.toContain(state.cover.orderId);

    // Settling again, settling stored results and closing the match change nothing.
    await t.app.betting.settlement.settleMatch(result(room!.matchId, 0, 1));
    await t.app.firstBetCover.close(room!.matchId);
    expect(await covers('demo')).toHaveLength(1);
    expect(await balanceOf(t, 'demo')).toBe(before.demo + 10_000);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('does not refund a winning first bet, and lapses an offer whose match ended without a bet', async () => {
    const [first, second] = await footballRooms();
    expect(second).toBeDefined();
    await data(LIVE_ROOM_PATHS.firstBetJoin, { liveRoomId: second!.room.liveRoomId }, demo2);
    await bet(demo2, second!.market, '50');
    await t.app.betting.settlement.settleMatch(result(second!.room.matchId, 2, 0));
    expect((await data(LIVE_ROOM_PATHS.firstBetInfo, { liveRoomId: second!.room.liveRoomId }, demo2)).cover).toMatchObject({
      status: FirstBetCoverStatus.NotCovered,
      coverAmount: '0.00',
    });
    expect(await covers('demo2')).toEqual([]);

    const rooms: Anchor[] = (await t.inject({ url: '/ssapi/anchor/search' })).json().data;
    const other = rooms.find((r) => r.liveStatus === LiveStatus.Living && ![first!.room.matchId, second!.room.matchId].includes(r.matchId)) as Anchor;
    await data(LIVE_ROOM_PATHS.firstBetJoin, { liveRoomId: other.liveRoomId }, demo2);
    await t.app.firstBetCover.close(other.matchId);
    expect((await data(LIVE_ROOM_PATHS.firstBetInfo, { liveRoomId: other.liveRoomId }, demo2)).cover).toMatchObject({ status: FirstBetCoverStatus.Lapsed, orderId: null });
    expect(await bookProblems(t)).toEqual([]);
  });
});
