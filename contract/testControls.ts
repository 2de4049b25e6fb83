import * as z from 'zod/mini';
import { described } from './described';
import { CURRENCIES } from './enums';
import { idField, intField, request } from './fields';
import { storedUserConfigSchema } from './settings';
import { expecting } from './issues';

/**
 * The test controls (env TEST_CONTROLS=1, docs/api.md "Test controls"): routes that let a test set up the world it
 * checks (fresh members, a match or a room of its own, a match played to a point, prices set, a room event finished,
 * the clock moved) instead of waiting for the simulated feed. They exist only on a platform started for tests, every
 * call needs the operator token, and they are kept out of /openapi.json. Only tests import this file: the app and its
 * plugins never do (.dependency-cruiser.cjs, rule "app-imports-test-controls").
 */

export const TEST_CONTROL_PATHS = {
  members: '/__test/members',
  claimMatch: '/__test/matches/claim',
  playMatch: '/__test/matches/play',
  setMarket: '/__test/markets/set',
  claimRoom: '/__test/rooms/claim',
  finishEvent: '/__test/events/finish',
  advanceClock: '/__test/clock/advance',
} as const;

/** A balance to open a wallet with: 0 or more, at most 2 decimals. */
const balance = (what: string) =>
  z.optional(
    z.string().check(z.refine((v) => /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/.test(v), { error: expecting(`${what}: an amount of 0 or more with at most 2 decimals, like "100.00"`) })),
  );

export const testMemberRequestSchema = request(
  z.strictObject({
    currency: z.optional(z.enum(CURRENCIES)),
    /** Main balance; default 10000.00. */
    balance: balance('the main balance'),
    /** Coins; default 500.00. */
    coins: balance('the coins'),
    nickname: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
    /** Exclusive and agent rooms the member may see (liveRoomId). */
    specialRooms: z.optional(z.array(idField('a live room id')).check(z.maxLength(50))),
    /** The agent's live group (an agent moderates the chat of its group's rooms). */
    liveGroupId: z.optional(intField(0, 1_000_000, 'a live group id')),
    liveGroupUserType: z.optional(z.enum(['user', 'agent'])),
    settings: z.optional(storedUserConfigSchema),
    /** The merchant the member belongs to (config/merchants/<id>.json); default the default merchant. */
    merchantId: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, { error: expecting('a merchant id of lowercase letters, digits and dashes') }))),
  }),
);
export type TestMemberRequest = z.input<typeof testMemberRequestSchema>;

export const testMemberSchema = z.object({
  uid: z.int(),
  username: z.string(),
  password: z.string(),
  nickname: z.string(),
  currency: z.enum(CURRENCIES),
  /** A session token, as the login answers it. */
  token: z.string(),
});
export type TestMember = z.infer<typeof testMemberSchema>;

const LISTS = ['inplay', 'today', 'early'] as const;
/** A period by its key in the sport's period table ("firstHalf", "halfTime", "q3", "set2", ...) or its id. */
const periodField = z.union([z.string().check(z.regex(/^[A-Za-z0-9]{1,32}$/)), z.int().check(z.minimum(0), z.maximum(99))]);

export const claimMatchRequestSchema = request(
  z.strictObject({
    /** Scheme A sport id (football 1, basketball 3, ...). */
    sportId: idField('a scheme-A sport id'),
    /** Which list the match is in when answered; default inplay (a match kicks off now if none in play is free). */
    list: z.optional(z.enum(LISTS)),
    /** At least this many video lines (in play, or listed before kick-off). */
    minVideoLines: z.optional(intField(0, 5, 'video lines')),
    /** Two animation sources (every match has one). */
    twoAnimations: z.optional(z.boolean()),
    /** An in-play match played to this period before it is answered. */
    period: z.optional(periodField),
    /** Markets on sale when answered (default true): a suspended in-play match is played until they reopen. */
    openMarkets: z.optional(z.boolean()),
    /** A market that can go into a parlay. */
    parlay: z.optional(z.boolean()),
    /** An outright (a competition) instead of a match: list is ignored. */
    outright: z.optional(z.boolean()),
    /**
     * What the match must still have to come, so that playing to it cannot fail: a score (by `team`, if given) and/or an
     * event of a code (by `team`, if given). The feed knows: a match plays out the same whenever it is played.
     */
    ahead: z.optional(
      z.strictObject({
        score: z.optional(z.boolean()),
        event: z.optional(z.string().check(z.regex(/^[A-Za-z]{1,40}$/))),
        team: z.optional(z.enum(['home', 'away'])),
      }),
    ),
  }),
);
export type ClaimMatchRequest = z.input<typeof claimMatchRequestSchema>;

const text = z.record(z.string(), z.string());

export const matchStateSchema = z.object({
  matchId: z.int(),
  sportId: z.int(),
  status: described(z.int(), 'MatchStatus'),
  inPlay: z.boolean(),
  finished: z.boolean(),
  period: z.int(),
  periodKey: z.string(),
  score: z.object({ home: z.int(), away: z.int() }),
  serve: described(z.int(), '0 nobody, 1 home, 2 away'),
  suspended: z.boolean(),
  events: described(z.int(), 'how many events the match has had'),
  videoLines: z.int(),
});
export type MatchState = z.infer<typeof matchStateSchema>;

export const claimedMatchSchema = z.object({
  matchId: z.int(),
  sportId: z.int(),
  leagueId: z.int(),
  beginTime: z.int(),
  /** Names in the five languages (CMN, zh-TW, ENG, VIE, THA). */
  league: text,
  home: text,
  away: z.nullable(text),
  state: z.nullable(matchStateSchema),
});
export type ClaimedMatch = z.infer<typeof claimedMatchSchema>;

/** Where play stops (docs/api.md "Test controls"). */
export const PLAY_TARGETS = ['kickoff', 'period', 'event', 'score', 'serve', 'open', 'end'] as const;
export type PlayTarget = (typeof PLAY_TARGETS)[number];

export const playMatchRequestSchema = request(
  z.strictObject({
    matchId: idField('a claimed match id'),
    to: z.enum(PLAY_TARGETS),
    /** With to "period": the period to reach. */
    period: z.optional(periodField),
    /** With to "event": the event code to reach ("teamGoal", "corner", "yellowCard", "dangerousAttack", "pointWon", ...). */
    event: z.optional(z.string().check(z.regex(/^[A-Za-z]{1,40}$/))),
    /** With to "event" or "score": only the side's. */
    team: z.optional(z.enum(['home', 'away'])),
  }),
);
export type PlayMatchRequest = z.input<typeof playMatchRequestSchema>;

export const playedEventSchema = z.object({ seq: z.int(), type: z.int(), code: z.string(), team: z.nullable(z.enum(['home', 'away'])), homeScore: z.int(), awayScore: z.int(), period: z.int() });

export const playedSchema = z.object({
  state: matchStateSchema,
  /** The events the play made, oldest first. */
  events: z.array(playedEventSchema),
});
export type Played = z.infer<typeof playedSchema>;

const odd = z.string().check(z.regex(/^\d{1,4}\.\d{2,3}$/, { error: expecting('decimal odds like "1.95"') }));

/** Market ids are match id x 100,000 + a sequence: past 32 bits (server/src/feed/engine/marketBook.ts). */
const marketIdField = z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

export const setMarketRequestSchema = request(
  z.strictObject({
    marketId: marketIdField,
    /** New decimal odds by option type. */
    odds: z.optional(z.record(z.string().check(z.minLength(1), z.maxLength(40)), odd)),
    status: z.optional(z.enum(['open', 'suspended'])),
  }),
);
export type SetMarketRequest = z.input<typeof setMarketRequestSchema>;

export const marketSetSchema = z.object({
  marketId: z.int(),
  matchId: z.int(),
  status: z.int(),
  options: z.array(z.object({ type: z.string(), odd: z.string(), isLock: z.boolean() })),
});
export type MarketSet = z.infer<typeof marketSetSchema>;

export const claimRoomRequestSchema = request(
  z.strictObject({
    type: z.optional(z.enum(['normal', 'exclusive', 'agent'])),
    /** Scheme A sport of the match the room is on (default football). */
    sportId: z.optional(idField('a scheme-A sport id')),
    /** On the air now (default), or waiting for its match's kick-off. */
    living: z.optional(z.boolean()),
    /** Put the room on this match, which the test claimed. */
    matchId: z.optional(idField('a claimed match id')),
    /** An agent room's live group (default 31). */
    liveUserGroupId: z.optional(intField(1, 1_000_000, 'a live group id')),
    hostLanguage: z.optional(z.enum(['mandarin', 'cantonese'])),
  }),
);
export type ClaimRoomRequest = z.input<typeof claimRoomRequestSchema>;

export const claimedRoomSchema = z.object({
  liveRoomId: z.int(),
  hostId: z.int(),
  hostName: z.string(),
  anchorType: z.int(),
  liveUserGroupId: z.int(),
  match: claimedMatchSchema,
});
export type ClaimedRoom = z.infer<typeof claimedRoomSchema>;

export const finishEventRequestSchema = request(z.strictObject({ recordId: idField('a room event record id') }));
export type FinishEventRequest = z.input<typeof finishEventRequestSchema>;

export const finishedEventSchema = z.object({ recordId: z.int(), roomId: z.int(), kind: z.int(), status: z.int() });
export type FinishedEvent = z.infer<typeof finishedEventSchema>;

export const advanceClockRequestSchema = request(z.strictObject({ ms: intField(1, 30 * 86_400_000, 'simulated ms') }));
export type AdvanceClockRequest = z.input<typeof advanceClockRequestSchema>;

export const clockSchema = z.object({ now: described(z.int(), 'the simulated time now, epoch ms') });
export type ClockNow = z.infer<typeof clockSchema>;
