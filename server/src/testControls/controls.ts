import { randomBytes } from 'node:crypto';
import { AnchorType, HostLanguage } from '../../../domain/anchors';
import { ActivityStatus } from '../../../contract/enums';
import type * as z from 'zod/mini';
import type {
  ClaimedMatch,
  ClaimedRoom,
  claimMatchRequestSchema,
  claimRoomRequestSchema,
  FinishedEvent,
  MarketSet,
  MatchState,
  playMatchRequestSchema,
  Played,
  setMarketRequestSchema,
  TestMember,
  testMemberRequestSchema,
} from '../../../contract/testControls';
import type { App } from '../app';
import { matchIdOfMarket, periodTable, type FeedScenario, type ListType, type Market, type MatchEvent, type ScenarioState } from '../feed';
import { ApiError, CODES } from '../http/envelope';
import { openMember } from '../members/demoMembers';

type ClaimMatchInput = z.output<typeof claimMatchRequestSchema>;

/** A match is played at most this many transitions per call: a target that never comes fails instead of spinning. */
const MAX_STEPS = 50_000;
/** Test rooms get ids above the roster's (rooms 8001-8012, hosts 9001-9012). */
const FIRST_TEST_ROOM = 8100;
const FIRST_TEST_HOST = 9100;
/** The demo agent's live group (config/platform.json): an agent room is in it unless the test names another. */
const DEFAULT_AGENT_GROUP = 31;

const refuse = (message: string) => new ApiError(409, CODES.INVALID_INPUT, message);
const notFound = (message: string) => new ApiError(404, CODES.NOT_FOUND, message);

/**
 * The test controls (TEST_CONTROLS=1, docs/api.md "Test controls"): what the platform's own jest tests do in-process
 * (fresh members, playing the feed, setting prices, running the event clock), over HTTP for the end-to-end tests.
 *
 * Claims keep parallel tests apart: every claim answers a match (or room) no other claim of this platform's life got,
 * and only claimed matches can be played or priced, so a test never moves another test's match. Every control that
 * changes the world answers once what it set off is done: results stored, bets accepted and settled, triggers and auto
 * cash outs run, live notices and the economy's due events handled.
 */
export function createTestControls(app: App, scenario: FeedScenario) {
  const feed = app.feed;
  const claimed = new Set<number>();
  let members = 0;
  let rooms = 0;

  async function settle(): Promise<void> {
    await app.resultsIdle();
    await app.betting.tick();
    await app.betting.idle();
    await app.liveIdle();
    await app.expertsIdle();
    await app.economy.tick();
  }

  function stateOf(matchId: number): MatchState {
    const state = scenario.state(matchId);
    const fixture = feed.fixture(matchId);
    if (!state || !fixture) throw notFound(`matchId: no match ${matchId} in the feed`);
    return { matchId, sportId: fixture.sportId, ...state };
  }

  function describe(matchId: number): ClaimedMatch {
    const fixture = feed.fixture(matchId);
    if (!fixture) throw notFound(`matchId: no match ${matchId} in the feed`);
    return {
      matchId,
      sportId: fixture.sportId,
      leagueId: fixture.league.id,
      beginTime: fixture.beginTime,
      league: fixture.league.name,
      home: fixture.home.name,
      away: fixture.away?.name ?? null,
      state: fixture.isOutright ? null : stateOf(matchId),
    };
  }

  function requireClaimed(matchId: number): void {
    if (!claimed.has(matchId)) throw refuse(`matchId: match ${matchId} was not claimed; claim a match of your own (${'/__test/matches/claim'}) so no other test moves it`);
  }

  /** A period of the sport by key or id, as its id. */
  function periodId(sportId: number, period: string | number): number {
    const table = periodTable(sportId);
    const found = typeof period === 'number' ? table.list.find((p) => p.id === period) : table.list.find((p) => p.key === period);
    if (!found) throw new ApiError(400, CODES.INVALID_INPUT, `period: sport ${sportId} has no period ${JSON.stringify(period)}; it has ${table.list.map((p) => p.key).join(', ')}`);
    return found.id;
  }

  const onSale = (market: Market) => market.status === 1 && market.options.some((o) => !o.isLock);
  /** A full-time market on sale: what the lists show in their first column, in every sport. */
  const mainOnSale = (matchId: number) => feed.markets(matchId).some((m) => m.period === 'ft' && onSale(m));

  // ---- members ----

  async function newMember(input: z.output<typeof testMemberRequestSchema>): Promise<TestMember> {
    if (input.merchantId !== undefined && !app.merchants.has(input.merchantId)) {
      throw new ApiError(404, CODES.NOT_FOUND, `body.merchantId: no merchant "${input.merchantId}"`);
    }
    members += 1;
    const username = `t${members}x${randomBytes(3).toString('hex')}`;
    const password = randomBytes(12).toString('base64url');
    const nickname = input.nickname ?? `Tester ${members}`;
    const currency = input.currency ?? 'CNY';
    const uid = await app.db.transaction().execute((trx) =>
      openMember(trx, { auth: app.auth, wallet: app.wallet, specialRooms: app.specialRooms }, {
        username,
        password,
        nickname,
        currency,
        openingBalance: input.balance ?? '10000.00',
        coins: input.coins ?? '500.00',
        specialRoomIds: input.specialRooms ?? [],
        ...(input.liveGroupId !== undefined ? { liveGroupId: input.liveGroupId } : {}),
        ...(input.liveGroupUserType !== undefined ? { liveGroupUserType: input.liveGroupUserType } : {}),
        ...(input.settings !== undefined ? { settings: input.settings } : {}),
        ...(input.merchantId !== undefined ? { merchantId: input.merchantId } : {}),
      }),
    );
    const signed = await app.auth.signIn(username, password);
    if (!signed) throw new Error(`test member ${username} could not sign in`);
    return { uid, username, password, nickname, currency, token: signed.token };
  }

  // ---- matches ----

  /**
   * Matches an anchor of the roster is on. Claims leave them alone (and those of expert programs): a claimed match is
   * played and may end, and its anchor would then move on to another match (perhaps another test's), changing what that
   * test's screens show.
   */
  const anchored = () => new Set(app.anchors.rooms('all', 'CMN').map((r) => r.matchId));
  /** Matches of expert programs not settled yet: the experts' tests buy those programs, which a claim's end would settle. */
  const tipped = async () => new Set((await app.db.selectFrom('expert_picks').select('match_id').distinct().where('outcome', 'is', null).execute()).map((r) => Number(r.match_id)));

  function fits(matchId: number, input: ClaimMatchInput, taken: ReadonlySet<number>): boolean {
    if (claimed.has(matchId) || taken.has(matchId) || !scenario.plain(matchId)) return false;
    const state = scenario.state(matchId);
    if (!state || state.finished) return false;
    if (state.videoLines < (input.minVideoLines ?? 0)) return false;
    if (input.twoAnimations && (feed.media(matchId)?.animations.length ?? 0) < 2) return false;
    if (input.parlay && !feed.markets(matchId).some((m) => onSale(m) && m.allowParley)) return false;
    if (input.ahead && !stillToCome(matchId, state, input.ahead)) return false;
    // In play: its main market on sale (or merely suspended, which "openMarkets" plays through), not closed for good.
    return state.inPlay ? feed.markets(matchId).some((m) => m.period === 'ft' && m.status !== -1) : true;
  }

  /** Whether the match has still to come what a claim asks for (`ahead`): a score and/or an event, of a side or either. */
  function stillToCome(matchId: number, state: MatchState | ScenarioState, ahead: NonNullable<ClaimMatchInput['ahead']>): boolean {
    const to = scenario.ahead(matchId);
    const ofSide = (team: 'home' | 'away' | null) => ahead.team === undefined || team === ahead.team;
    const scores = !ahead.score || to.some((e) => (ahead.team === undefined ? e.score.home + e.score.away > state.score.home + state.score.away : e.score[ahead.team] > state.score[ahead.team]));
    const event = ahead.event === undefined || to.some((e) => e.code === ahead.event && ofSide(e.team));
    return scores && event;
  }

  /** Upcoming matches of the sport, soonest first, that a claim could kick off now. */
  function upcoming(sportId: number): number[] {
    return [...feed.matches({ type: 'today', sportId }), ...feed.matches({ type: 'early', sportId })].map((m) => m.matchId);
  }

  async function claimMatch(input: ClaimMatchInput): Promise<ClaimedMatch> {
    const { sportId } = input;
    if (input.outright) {
      const outright = feed.matches({ type: 'outright', sportId }).find((o) => !claimed.has(o.matchId) && feed.markets(o.matchId).some(onSale));
      if (!outright) throw refuse(`sportId: no unclaimed outright of sport ${sportId} with a price on sale`);
      claimed.add(outright.matchId);
      return describe(outright.matchId);
    }
    const list: ListType = input.list ?? 'inplay';
    const taken = new Set([...anchored(), ...(await tipped())]);
    const target = input.period === undefined ? undefined : periodId(sportId, input.period);
    let matchId: number | undefined;
    if (list === 'inplay') {
      // A match kicked off now, so that the matches in play when the world started (the ones the home screen's video
      // picker, the anchors and the experts' programs show) never move under another test; one already in play, not
      // past the period asked for, only when no upcoming match fits.
      matchId = upcoming(sportId).find((id) => fits(id, input, taken));
      if (matchId !== undefined) scenario.kickOff(matchId);
      else {
        matchId = feed
          .matches({ type: 'inplay', sportId })
          .map((m) => m.matchId)
          .find((id) => fits(id, input, taken) && (target === undefined || (scenario.state(id)?.period ?? 0) <= target));
        if (matchId === undefined) throw refuse(`sportId: no unclaimed match of sport ${sportId} to play now`);
      }
    } else {
      matchId = feed
        .matches({ type: list, sportId })
        .map((m) => m.matchId)
        .find((id) => fits(id, input, taken) && mainOnSale(id));
      if (matchId === undefined) throw refuse(`sportId: no unclaimed match of sport ${sportId} in the ${list} list with a price on sale`);
    }
    claimed.add(matchId);
    if (target !== undefined) await playTo(matchId, (s) => s.period === target, `period ${String(input.period)}`);
    if (list === 'inplay' && input.openMarkets !== false && !mainOnSale(matchId)) await playTo(matchId, (s) => !s.suspended && mainOnSale(matchId), 'its markets reopening');
    await settle();
    return describe(matchId);
  }

  /** Steps the match until `reached` holds (checked before the first step too); refuses when it ends first. */
  async function playTo(matchId: number, reached: (state: MatchState, events: MatchEvent[]) => boolean, what: string): Promise<MatchEvent[]> {
    const from = feed.events(matchId).length;
    const made = () => feed.events(matchId).slice(from);
    let state = stateOf(matchId);
    if (!state.inPlay && !state.finished && !reached(state, [])) scenario.kickOff(matchId);
    for (let steps = 0; !reached((state = stateOf(matchId)), made()); steps++) {
      if (steps >= MAX_STEPS) throw refuse(`to: match ${matchId} did not reach ${what} in ${MAX_STEPS} transitions`);
      if (!scenario.stepMatch(matchId)) {
        if (reached(stateOf(matchId), made())) break;
        throw refuse(`to: match ${matchId} ended (${state.periodKey}) before ${what}`);
      }
    }
    return made();
  }

  async function play(input: z.output<typeof playMatchRequestSchema>): Promise<Played> {
    const { matchId, to } = input;
    requireClaimed(matchId);
    const before = stateOf(matchId);
    let events: MatchEvent[] = [];
    switch (to) {
      case 'kickoff':
        if (before.finished) throw refuse(`to: match ${matchId} is over`);
        if (!before.inPlay) scenario.kickOff(matchId);
        break;
      case 'period': {
        if (input.period === undefined) throw new ApiError(400, CODES.INVALID_INPUT, 'period: required with to "period"');
        const id = periodId(before.sportId, input.period);
        events = await playTo(matchId, (s) => s.period === id, `period ${String(input.period)}`);
        break;
      }
      case 'event': {
        const code = input.event;
        if (code === undefined) throw new ApiError(400, CODES.INVALID_INPUT, 'event: required with to "event"');
        events = await playTo(matchId, (_, made) => made.some((e) => e.code === code && (input.team === undefined || e.team === input.team)), `an event "${code}"`);
        break;
      }
      case 'score': {
        const side = input.team;
        const moved = (s: MatchState) => (side === undefined ? s.score.home + s.score.away > before.score.home + before.score.away : s.score[side] > before.score[side]);
        events = await playTo(matchId, moved, side ? `a score by ${side}` : 'a score');
        break;
      }
      case 'serve':
        events = await playTo(matchId, (s) => s.serve !== 0 && s.serve !== before.serve, 'a change of server');
        break;
      case 'open':
        events = await playTo(matchId, (s) => s.inPlay && !s.suspended, 'its markets reopening');
        break;
      case 'end':
        events = await playTo(matchId, (s) => s.finished, 'its end');
        break;
    }
    await settle();
    return {
      state: stateOf(matchId),
      events: events.map((e) => ({ seq: e.seq, type: e.type, code: e.code, team: e.team, homeScore: e.homeScore, awayScore: e.awayScore, period: e.period })),
    };
  }

  async function setMarket(input: z.output<typeof setMarketRequestSchema>): Promise<MarketSet> {
    const matchId = matchIdOfMarket(input.marketId);
    requireClaimed(matchId);
    if (input.odds === undefined && input.status === undefined) throw new ApiError(400, CODES.INVALID_INPUT, 'odds or status: give at least one');
    const current = feed.market(input.marketId);
    if (!current || current.status === -1) throw notFound(`marketId: no market ${input.marketId} on sale or suspended`);
    const unknown = Object.keys(input.odds ?? {}).filter((type) => !current.options.some((o) => o.type === type));
    if (unknown.length > 0) throw new ApiError(400, CODES.INVALID_INPUT, `odds: market ${input.marketId} has no option ${unknown.join(', ')}; it has ${current.options.map((o) => o.type).join(', ')}`);
    const market = scenario.overrideMarket(input.marketId, {
      ...(input.odds ? { odds: input.odds } : {}),
      ...(input.status ? { status: input.status === 'open' ? 1 : 0 } : {}),
    });
    if (!market) throw notFound(`marketId: no market ${input.marketId}`);
    await settle();
    return { marketId: market.marketId, matchId, status: market.status, options: market.options.map((o) => ({ type: o.type, odd: o.odd, isLock: o.isLock })) };
  }

  // ---- rooms ----

  async function claimRoom(input: z.output<typeof claimRoomRequestSchema>): Promise<ClaimedRoom> {
    const type = input.type ?? 'normal';
    const living = input.living ?? true;
    let match: ClaimedMatch;
    if (input.matchId !== undefined) {
      requireClaimed(input.matchId);
      match = describe(input.matchId);
    } else {
      match = await claimMatch({ sportId: input.sportId ?? 1, list: living ? 'inplay' : 'today', minVideoLines: 1 });
    }
    rooms += 1;
    const anchorType = type === 'exclusive' ? AnchorType.Exclusive : type === 'agent' ? AnchorType.Agent : AnchorType.Normal;
    const profile = {
      hostId: FIRST_TEST_HOST + rooms,
      hostName: `Anchor T${rooms}`,
      liveRoomId: FIRST_TEST_ROOM + rooms,
      anchorType,
      liveUserGroupId: type === 'agent' ? (input.liveUserGroupId ?? DEFAULT_AGENT_GROUP) : 0,
      hostLanguage: input.hostLanguage === 'cantonese' ? HostLanguage.Cantonese : HostLanguage.Mandarin,
      sort: 9,
      basePopularity: 1_000 + rooms,
      sports: [match.sportId],
    };
    app.anchors.roster.add(profile);
    app.anchors.book(profile.hostId, match.matchId);
    await settle();
    return { liveRoomId: profile.liveRoomId, hostId: profile.hostId, hostName: profile.hostName, anchorType, liveUserGroupId: profile.liveUserGroupId, match };
  }

  /**
   * Ends a room event now (a lottery drawn, a rain closed) by the event clock's own path: its window is made to end at
   * the feed's now, then the economy's tick opens (after a countdown) and finishes it as it would at its end time.
   */
  async function finishEvent(recordId: number): Promise<FinishedEvent> {
    const row = await app.db.selectFrom('live_events').select(['id', 'start_time']).where('id', '=', recordId).executeTakeFirst();
    if (!row) throw notFound(`recordId: no room event ${recordId}`);
    const now = feed.now();
    await app.db
      .updateTable('live_events')
      .set({ start_time: Math.min(Number(row.start_time), now), end_time: now })
      .where('id', '=', recordId)
      .where('status', '!=', ActivityStatus.Finished)
      .execute();
    await settle();
    const done = await app.db.selectFrom('live_events').select(['id', 'room_id', 'kind', 'status']).where('id', '=', recordId).executeTakeFirstOrThrow();
    return { recordId, roomId: Number(done.room_id), kind: Number(done.kind), status: Number(done.status) };
  }

  async function advanceClock(ms: number): Promise<{ now: number }> {
    scenario.shiftClock(ms);
    await settle();
    return { now: feed.now() };
  }

  return { newMember, claimMatch, play, setMarket, claimRoom, finishEvent, advanceClock };
}

export type TestControls = ReturnType<typeof createTestControls>;
