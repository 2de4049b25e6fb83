import * as z from 'zod/mini';
import { LiveStatus } from '../domain/anchors';
import { described } from './described';
import { preview } from './issues';
import { ActivityKind, ActivityStatus, BookingStatus, EnterEffect, FirstBetCoverStatus } from './enums';
import { idField, languageField, MAX_ID, request } from './fields';

/**
 * Requests and answers of the live room's member calls (docs/api.md "Live room"): follow, booking, watch, the room's
 * activity and message lists, the entrance animation, the anchor-proxy switch, member titles and first-bet coverage.
 * Requests are POST bodies, JSON or form-encoded, so ids arrive as numbers or as strings of digits.
 */

const int = () => z.int();

/** An id (from `min`) as a JSON number or the digit string of a form body; the route gets a number. */
const idInput = (text: string, min = 1) => {
  const expected = `an id (an integer ${min} to ${MAX_ID})`;
  const error = (issue: { input?: unknown }) => (issue.input === undefined ? `missing, expected ${expected}` : `expected ${expected}, got ${preview(issue.input)}`);
  return described(
    z.pipe(
      z.pipe(z.union([z.int(), z.string().check(z.regex(/^\d{1,10}$/, { error }))], { error }), z.transform((value: number | string) => Number(value))),
      z.int().check(z.minimum(min), z.maximum(MAX_ID)),
    ),
    text,
  );
};

/** The forehead family's language field (spec 001 section 7: "Forehead calls carry a language field"). */
const language = languageField;

const codes = <T extends Readonly<Record<string, number>>>(values: T) => z.literal(Object.values(values) as Array<T[keyof T]>);

// Requests.

/** Calls that name nothing but may carry the language; the body is optional (Fastify hands a missing one over as null). */
export const liveEmptyRequestSchema = request(z.nullish(z.strictObject({ language })));
export type LiveEmptyRequest = z.infer<typeof liveEmptyRequestSchema>;

/** live/subscribe, live/unsubscribe. */
export const followRequestSchema = request(z.strictObject({ hostId: idInput("the anchor's hostId (GET /ssapi/anchor/search)"), language }));
export type FollowRequest = z.input<typeof followRequestSchema>;

/** live/booking/add, live/booking/cancel, live/submit/watch, live/enter/animation, live/firstBet/info, live/firstBet/join. */
export const roomRequestSchema = request(z.strictObject({ liveRoomId: idInput("the room's liveRoomId (GET /ssapi/anchor/search)"), language }));
export type RoomRequest = z.input<typeof roomRequestSchema>;

/** live/match/activity/select: the spec's live-room calls name the room `roomId`. */
export const activitySelectRequestSchema = request(z.strictObject({ roomId: idInput('the live room (liveRoomId)'), language }));
export type ActivitySelectRequest = z.input<typeof activitySelectRequestSchema>;

/** live/match/message/select. */
export const messageSelectRequestSchema = request(z.strictObject({ matchId: idInput('the match'), language }));
export type MessageSelectRequest = z.input<typeof messageSelectRequestSchema>;

/** GET /api/title/icon/:id. */
export const titleIconParams = request(z.strictObject({ id: idField('a title id') }));

/** user/title/wall/info. */
export const titleWallRequestSchema = request(z.strictObject({ userId: idInput("the member whose wall to show (userData.uid)"), language }));
export type TitleWallRequest = z.input<typeof titleWallRequestSchema>;

/** user/title/set/info. */
export const titleSetRequestSchema = request(z.strictObject({ titleId: idInput('an obtained title to wear, or 0 to wear none', 0), language }));
export type TitleSetRequest = z.input<typeof titleSetRequestSchema>;

/** user/title/obtain/info. */
export const titleObtainRequestSchema = request(z.strictObject({ titleId: idInput('a title of user/membertitlemanagement/listpc'), language }));
export type TitleObtainRequest = z.input<typeof titleObtainRequestSchema>;

// Answers.

/** live/subscribe and live/unsubscribe: the follow as it now stands (both are idempotent). */
export const followSchema = z.object({
  hostId: int(),
  followed: described(z.boolean(), 'true after live/subscribe, false after live/unsubscribe'),
});
export type Follow = z.infer<typeof followSchema>;

/** live/user/subscribe/info: the spec's booking subscriptions of the member. */
export const subscribeInfoSchema = z.object({
  subscribeHostId: described(z.array(int()), 'hostIds of the anchors the member follows, oldest follow first'),
  subscribeMatchId: described(z.array(int()), "matchIds of the member's open bookings of waiting rooms (the match the room waits for), earliest booking first"),
});
export type SubscribeInfo = z.infer<typeof subscribeInfoSchema>;

/** The booked match as the feed knows it now; null while unknown or once the feed no longer holds it. */
const bookedMatchSchema = z.object({
  sportId: described(int(), 'scheme A (match lists)'),
  leagueName: z.string(),
  homeName: z.string(),
  awayName: z.string(),
  beginTime: described(int(), 'kick-off, epoch ms'),
});

/** One of the member's bookings (live/booking/add, live/booking/cancel, live/booking/list): a room's next broadcast. */
export const bookingSchema = z.object({
  liveRoomId: int(),
  hostId: int(),
  hostName: z.string(),
  matchId: described(int(), 'the waiting match booked, or the match the room went live on; 0 while not known (the room is live on another match or has none)'),
  status: described(codes(BookingStatus), '0 booked, 1 noticed (the room went live), 2 cancelled'),
  liveStatus: described(z.nullable(codes(LiveStatus)), "the room's state now (0 waiting, 1 living, 2 ended); null when the anchor has no broadcast scheduled"),
  bookedAt: described(int(), 'epoch ms'),
  modifiedAt: described(int(), 'epoch ms of the last change of status'),
  match: z.nullable(bookedMatchSchema),
});
export type LiveBooking = z.infer<typeof bookingSchema>;

/** live/submit/watch. */
export const watchSchema = z.object({
  liveRoomId: int(),
  matchId: described(int(), 'the match the room is on'),
  counted: described(z.boolean(), "true when this view counted towards the room's popularity (a member's first view within the watch window; never a visitor's)"),
  popularity: described(int(), "the room's popularity now, as GET /ssapi/anchor/search answers it"),
});
export type Watch = z.infer<typeof watchSchema>;

/** One event of a room (live/match/activity/select): a lottery, an answer lottery or a red-envelope rain. */
export const activitySchema = z.object({
  recordId: described(int(), 'the event; lottery calls take it as recordId'),
  roomId: int(),
  matchId: int(),
  kind: described(codes(ActivityKind), '1 live lottery, 3 red envelope rain, 4 answer lottery'),
  status: described(codes(ActivityStatus), '0 not started, 1 in progress, 2 finished'),
  title: z.string(),
  startTime: described(int(), 'epoch ms'),
  endTime: described(int(), 'epoch ms'),
  endBettingTime: described(z.nullable(int()), 'epoch ms after which bets no longer qualify (red envelope rain), null when not used'),
});
export type Activity = z.infer<typeof activitySchema>;

/** One program (expert) message on a match (live/match/message/select), fields as spec 001's message detail. */
export const matchMessageSchema = z.object({
  id: int(),
  professorId: described(int(), 'the expert'),
  sportsTitle: z.string(),
  tag: z.string(),
  bettingType: int(),
  sportsPlay: z.string(),
  publishTime: described(int(), 'epoch ms'),
  isHot: described(z.literal([0, 1]), '1 hot'),
  readCount: int(),
  commentCount: int(),
  goldPrice: described(z.string(), 'coins to unlock, a decimal string; "0.00" when free'),
  isBuy: described(z.literal([0, 1]), '1 when the member unlocked it'),
  messageMatchList: z.array(z.object({ matchId: int(), sportsId: int() })),
});
export type MatchMessage = z.infer<typeof matchMessageSchema>;

/** live/enter/animation: the entrance the room shows for the member. */
export const enterAnimationSchema = z.object({
  liveRoomId: int(),
  uid: int(),
  nickname: z.string(),
  vipLevel: described(int(), 'V0 to V10'),
  wornTitleId: described(z.nullable(int()), 'the title worn beside the name, null for none'),
  effect: described(codes(EnterEffect), '0 none (V0-V2), 1 banner (V3-V6), 2 full-screen (V7-V10)'),
});
export type EnterAnimation = z.infer<typeof enterAnimationSchema>;

/** live/get/switch/proxy: the spec's anchor-proxy flag. */
export const anchorProxySchema = z.object({
  anchorProxyEnable: described(z.literal([0, 1]), '1 when the member belongs to a user live group (their agent\'s rooms are served to them), else 0'),
});
export type AnchorProxy = z.infer<typeof anchorProxySchema>;

/** One title of the catalogue (user/membertitlemanagement/listpc). */
export const titleSchema = z.object({
  id: int(),
  name: described(z.string(), 'in the request language'),
  icon: described(z.string(), 'a path on the icon host'),
  description: described(z.string(), 'how it is obtained, in the request language'),
  category: described(z.enum(['bets', 'parlays', 'wins', 'days', 'follows', 'watches']), 'what is counted'),
  sort: int(),
});
export type Title = z.infer<typeof titleSchema>;

/** user/title/list/all: every title with the member's state of it. */
export const memberTitleSchema = z.extend(titleSchema, {
  obtained: z.boolean(),
  obtainedAt: described(z.nullable(int()), 'epoch ms, null while not obtained'),
  worn: z.boolean(),
});
export type MemberTitle = z.infer<typeof memberTitleSchema>;

/** user/membertitlemanagement/listpc: the catalogue. */
export const titlesSchema = z.array(titleSchema);
/** user/title/list/all: the catalogue as the member stands with each title. */
export const memberTitlesSchema = z.array(memberTitleSchema);

/** user/title/wall/info: what anyone signed in may see of a member's titles. */
export const titleWallSchema = z.object({
  userId: int(),
  nickname: z.string(),
  vipLevel: int(),
  wornTitleId: z.nullable(int()),
  titles: described(z.array(z.extend(titleSchema, { obtainedAt: int() })), 'obtained titles, earliest first'),
  total: described(int(), 'titles in the catalogue'),
});
export type TitleWall = z.infer<typeof titleWallSchema>;

/** user/title/set/info. */
export const titleSetSchema = z.object({ wornTitleId: described(z.nullable(int()), 'the title now worn, null for none') });
export type TitleSet = z.infer<typeof titleSetSchema>;

/** user/title/obtain/info: a title's conditions and the member's progress towards them. */
export const titleObtainSchema = z.object({
  titleId: int(),
  name: z.string(),
  obtained: z.boolean(),
  obtainedAt: z.nullable(int()),
  conditions: z.array(
    z.object({
      description: described(z.string(), 'in the request language'),
      current: described(int(), 'counted so far (capped at target once obtained)'),
      target: int(),
      met: z.boolean(),
    }),
  ),
  progress: described(int(), 'percent, 0 to 100'),
});
export type TitleObtain = z.infer<typeof titleObtainSchema>;

/** The member's first-bet coverage in a room, once joined. */
const coverSchema = z.object({
  matchId: int(),
  liveRoomId: described(int(), 'the room it was joined in'),
  status: described(codes(FirstBetCoverStatus), '0 joined, 1 covered (refunded), 2 not covered, 3 lapsed'),
  orderId: described(z.nullable(z.string()), 'the first bet it applies to, once placed'),
  coverAmount: described(z.string(), 'refunded so far (2 decimals); "0.00" until covered'),
  joinedAt: int(),
});

/** live/firstBet/info and live/firstBet/join: a room's first-bet coverage offer and the member's state of it. */
export const firstBetOfferSchema = z.object({
  liveRoomId: int(),
  matchId: described(int(), 'the match the offer is for: the one the room is on'),
  offered: described(z.boolean(), 'false once the room ended (no offer to join)'),
  currency: z.string(),
  capAmount: described(z.string(), "the most refunded, in the member's currency (2 decimals)"),
  terms: described(z.string(), 'the rule in the request language'),
  eligible: described(z.boolean(), 'whether the member may join now'),
  reason: described(z.nullable(z.enum(['joined', 'alreadyBet', 'joinedElsewhere', 'roomEnded'])), 'why not eligible, null when eligible'),
  cover: described(z.nullable(coverSchema), "the member's coverage on this match, null until joined"),
});
export type FirstBetOffer = z.infer<typeof firstBetOfferSchema>;
