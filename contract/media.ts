import * as z from 'zod/mini';
import { described } from './described';
import { idField, intField, languageField, matchQueryShape, pidField, platField, request, resolveMatchQuery, stampField } from './fields';
import { expecting } from './issues';
import { statRowSchema } from './matchData';

/** Requests and answers of the media routes (GET /media/video/web, GET /media/animation/:matchId; docs/api.md "Routes"). */

const int = () => z.int();

const sourceSchema = z.object({ pc: described(z.string(), 'desktop URL (FLV for video)'), h5: described(z.string(), 'mobile URL (HLS for video)') });
export type MediaSource = z.infer<typeof sourceSchema>;
/** The spec's keyed form: `{ "<matchId>": { pc, h5 } }`; absent when the match has no such line. */
const keyedSource = () => z.optional(z.record(z.string(), sourceSchema));

/** GET /media/video/web: both shapes of a match's media, the lists the app iterates and the spec's numbered sources. */
export const mediaSchema = z.object({
  matchId: int(),
  videos: described(z.array(z.extend(sourceSchema, { line: described(int(), '1-5') })), 'video lines, empty when the match has none (yet)'),
  animations: described(z.array(sourceSchema), '1-2 animation sources'),
  videoSource1: keyedSource(),
  videoSource2: keyedSource(),
  videoSource3: keyedSource(),
  videoSource4: keyedSource(),
  videoSource5: described(keyedSource(), 'the spec lists four video sources; the feed can have a fifth line'),
  animateSource1: keyedSource(),
  animateSource2: keyedSource(),
});
export type MediaData = z.infer<typeof mediaSchema>;

/** How many of the match's latest events the animation's starting state carries. */
export const ANIMATION_EVENTS = 30;

export const animationEventSchema = z.object({
  seq: described(int(), "position in the match's event list, from 1 (push events carry the same)"),
  type: described(int(), "football: the spec's event type (1 goal ... 27 penalty end); other sports: the platform's codes from 100"),
  code: described(z.string(), 'stable key of the wording: goal, dangerousAttack, threePointer, pointWon, ...'),
  team: described(z.nullable(z.enum(['home', 'away'])), 'the side the event belongs to'),
  second: described(int(), 'match clock seconds (basketball: left in the quarter)'),
  period: described(int(), "the sport's match period id"),
  section: described(z.optional(int()), 'basketball: quarter (or half) number, overtimes counting on'),
  clockText: described(z.optional(z.string()), 'basketball: game clock mm:ss'),
  homeScore: int(),
  awayScore: int(),
  text: described(z.string(), 'the commentary in the request language'),
});
export type AnimationEvent = z.infer<typeof animationEventSchema>;

export const animationClockSchema = z.object({
  running: z.boolean(),
  period: int(),
  second: described(int(), 'seconds on the clock when answered'),
  type: z.enum(['up', 'down', 'none']),
});
export type AnimationClock = z.infer<typeof animationClockSchema>;

export const animationScoreRowSchema = z.object({ pe: int(), tyg: int(), home: z.number(), away: z.number() });
export type AnimationScoreRow = z.infer<typeof animationScoreRowSchema>;

/** GET /media/animation/:matchId: the tracker's starting state. */
export const animationSchema = z.object({
  matchId: int(),
  sportId: described(int(), 'scheme A'),
  matchStatus: described(int(), '0 upcoming, 1 live, 2 ended, 3-9 the other named statuses'),
  inPlay: described(z.boolean(), 'live or in an in-play state (interrupted, suspended, coverage lost): the tracker follows the push'),
  period: int(),
  matchPeriod: described(z.string(), 'the period name in the request language'),
  clock: animationClockSchema,
  homeScore: int(),
  awayScore: int(),
  score: described(z.array(animationScoreRowSchema), 'score rows as in match lists'),
  home: z.object({ id: int(), name: z.string() }),
  away: z.object({ id: int(), name: z.string() }),
  serveIn: described(int(), 'who serves: 1 home, 2 away, 0 not a serving sport or not in play'),
  events: described(z.array(animationEventSchema), `up to ${ANIMATION_EVENTS} latest events, oldest first`),
  stats: described(z.array(statRowSchema), 'the live technical statistics where the sport keeps them; empty before the start'),
});
export type AnimationData = z.infer<typeof animationSchema>;

/**
 * GET /media/anchor/web?liveRoomId=: the anchor's stream of one live room (the stage's anchor play mode). A room's
 * picture is encoded once on the platform and shared by every viewer; the sources are empty while the room waits and
 * once it has ended.
 */
export const anchorMediaSchema = z.object({
  liveRoomId: int(),
  matchId: int(),
  liveStatus: described(int(), '0 waiting, 1 living, 2 ended'),
  sources: described(z.array(z.extend(sourceSchema, { line: described(int(), '1-5') })), 'stream lines of the room, empty unless living'),
});
export type AnchorMediaData = z.infer<typeof anchorMediaSchema>;

// Requests of the media host (spec 000 section 7 "Match video web" and the icon host). GET /media/video/web takes the
// match-data query (contract/fields.ts matchQuery).

/** GET /ssapi/team/logo: the match (as the match-data query names it) and the spec's `pid`. */
export const teamLogoQuery = request(z.pipe(z.strictObject({ ...matchQueryShape, pid: pidField }), z.transform(resolveMatchQuery)));
export type TeamLogoQuery = z.input<typeof teamLogoQuery>;

/** GET /ssapi/team/logo: the crest URLs of the two teams. */
export const teamLogoSchema = z.object({ home: z.string(), away: z.string() });
export type TeamLogo = z.infer<typeof teamLogoSchema>;

/** GET /api/team/icon/:id. */
export const teamIconParams = request(z.strictObject({ id: idField('a team id') }));
/** GET /api/league/icon/:id. */
export const leagueIconParams = request(z.strictObject({ id: idField('a league id') }));

/** The query of the crest calls: what the spec sends, none of which changes the crest. */
export const iconQuery = request(
  z.strictObject({
    kw: described(z.optional(z.string().check(z.maxLength(64))), 'a search keyword the spec sends (usually the name); the crest does not depend on it'),
    appId: described(z.optional(z.string().check(z.regex(/^\d{1,6}$/, { error: expecting('an app id of 1-6 digits') }))), 'the spec sends appId=2'),
    t: stampField,
  }),
);
export type IconQuery = z.input<typeof iconQuery>;

/** An SVG image (crests, banner artwork), not JSON. */
export const svgSchema = described(z.string(), 'image/svg+xml');

/** GET /media/animation/:matchId. */
export const animationParams = request(z.strictObject({ matchId: idField('a match id') }));

export const animationQuery = request(
  z.strictObject({
    source: described(
      z.optional(z.string().check(z.regex(/^[12]$/, { error: expecting('an animation source, 1 or 2') }))),
      'the second animation source is a variant of the first: both answer the same state',
    ),
    plat: platField,
    language: languageField,
    t: stampField,
    ts: stampField,
  }),
);
export type AnimationQuery = z.input<typeof animationQuery>;

/** A line number as the URL gives it; lines the match does not have answer 404, not 400. */
const lineShape = { matchId: idField('a match id'), line: intField(1, 99, 'a video line') };

/** GET /media/live/:matchId/:line.flv and /media/live/:matchId/:line/index.m3u8. Query strings are ignored: players add cache-busters. */
export const videoLineParams = request(z.strictObject(lineShape));

/** A segment's name as its playlist lists it; names are unique per encoder run. */
const segmentField = () => z.string().check(z.regex(/^[a-z0-9]{1,16}-\d{1,9}$/, { error: expecting('a segment name from the playlist, like "1a2b3c4d-00042"') }));

/** GET /media/live/:matchId/:line/:segment.ts. */
export const videoSegmentParams = request(z.strictObject({ ...lineShape, segment: segmentField() }));

/** GET /media/anchor/web. */
export const anchorMediaQuery = request(
  z.strictObject({
    liveRoomId: idField('a live room id'),
    plat: platField,
    t: stampField,
    ts: stampField,
    language: languageField,
  }),
);
export type AnchorMediaQuery = z.input<typeof anchorMediaQuery>;

/**
 * The ticket in an anchor stream's path: signed by the platform for one room and a few hours, because players fetch
 * stream URLs without the member's token (the platform's media/tickets.ts).
 */
export const STREAM_TICKET_PATTERN = /^[0-9a-z]{1,11}-[0-9a-f]{32}$/;

const anchorStreamShape = {
  liveRoomId: idField('a live room id'),
  ticket: z.string().check(z.regex(STREAM_TICKET_PATTERN, { error: expecting('the stream ticket of a URL from GET /media/anchor/web') })),
};

/** GET /media/anchor/:liveRoomId/:ticket.flv and /media/anchor/:liveRoomId/:ticket/index.m3u8. */
export const anchorStreamParams = request(z.strictObject(anchorStreamShape));

/** GET /media/anchor/:liveRoomId/:ticket/:segment.ts. */
export const anchorSegmentParams = request(z.strictObject({ ...anchorStreamShape, segment: segmentField() }));

/** Bytes of a video stream (a buffer or an endless stream), never serialised; `what` is its content type. */
export const streamSchema = (what: string) => described(z.any(), what);
