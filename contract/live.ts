import * as z from 'zod/mini';
import { AnchorType, HostLanguage, LiveStatus } from '../domain/anchors';
import { described } from './described';
import { languageField, pidField, request, stampField } from './fields';
import { expecting } from './issues';

/** Answers of the live side's routes (GET /ssapi/anchor/search, POST /api/forehead/live/liveRoom/getSpecialRoomIds). */

const int = () => z.int();

/** One of the codes of a spec enumeration (the domain's constant objects). */
const codes = <T extends Readonly<Record<string, number>>>(values: T) => z.literal(Object.values(values) as Array<T[keyof T]>);

/** One live room as this project's platform answers it (GET /ssapi/anchor/search): the spec's fields and the anchor's display name; domain/anchors.ts holds the rules over it. */
export const anchorSchema = z.object({
  liveRoomId: int(),
  matchId: int(),
  sportId: described(int(), 'scheme C (live side)'),
  hostId: int(),
  hostName: z.string(),
  anchorType: described(codes(AnchorType), '0 normal, 1 exclusive, 17 agent'),
  liveUserGroupId: described(int(), "the agent's live group (agent anchors), else 0"),
  hostLanguage: described(codes(HostLanguage), '0 Mandarin, 1 Cantonese'),
  liveStatus: described(codes(LiveStatus), '0 waiting, 1 living, 2 ended'),
  sort: int(),
  popularity: int(),
  match: z.object({
    matchType: described(int(), 'getList type of the match: 1 in-play, 2 today'),
    liveStatus: codes(LiveStatus),
    half: described(int(), 'period in play, 0 before kick-off'),
    // Scheme C, like the anchor's.
    sportId: int(),
    // The room's state in the request language ("Live", "Starting soon", "Ended").
    liveStatusFormat: z.string(),
    // The match's period text in the request language ("2nd half", "Q3"), empty before kick-off.
    matchStatusFormat: z.string(),
  }),
});
export type Anchor = z.infer<typeof anchorSchema>;

/** POST /api/forehead/live/liveRoom/getSpecialRoomIds: the spec's comma-separated list. */
export const specialRoomIdsSchema = described(z.string(), 'e.g. "8010,8012"; empty when none');
export type SpecialRoomIds = z.infer<typeof specialRoomIdsSchema>;

/** GET /ssapi/anchor/search: the anchor rooms the viewer may see. */
export const anchorsSchema = z.array(anchorSchema);

/** GET /ssapi/anchor/search's query. */
export const anchorSearchQuery = request(
  z.strictObject({
    pid: pidField,
    matchSource: described(
      z._default(z.enum(['all', 'inplay', 'prematch'], { error: expecting('"all", "inplay" or "prematch"') }), 'all'),
      'all rooms (default), only live ones, or only ones waiting for kick-off',
    ),
    t: stampField,
    language: languageField,
  }),
);
export type AnchorSearchQuery = z.input<typeof anchorSearchQuery>;
