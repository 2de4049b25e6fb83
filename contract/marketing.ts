import * as z from 'zod/mini';
import { described } from './described';
import { codeField, idField, intField, languageField, pidField, platField, refuse, request, stampField } from './fields';
import { expecting, preview } from './issues';

/**
 * Answers of the marketing routes: banners, league weights and game jumps (docs/api.md "Routes"). The line-up status
 * answer (/api/forehead/system/sports/lineup) is contract/matchData.ts's sportsLineupSchema.
 */

const int = () => z.int();

/** POST /api/forehead/system/config/images/query and GET /ssapi/bannerList/search: one banner row. */
export const bannerSchema = z.object({
  id: described(int(), 'category id x 100 + sort'),
  categoryId: int(),
  images: described(z.string(), 'a comma list of image URLs: the app shows one banner per image'),
  link: described(z.string(), 'where a click goes: a path of the product'),
  title: z.string(),
  sort: described(int(), 'order within the category, from 1'),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannersSchema = z.array(bannerSchema);

/** POST /api/forehead/system/sports/getLeagueWeights: one league's weight (the answer keys them by sort, from "1"). */
export const leagueWeightSchema = z.object({
  leagueId: int(),
  weight: described(int(), 'higher is more prominent: 1000 for a hot league, plus 100 minus its order in the sport'),
  name: z.string(),
  hot: z.boolean(),
});
export type LeagueWeight = z.infer<typeof leagueWeightSchema>;

export const leagueWeightsSchema = z.record(z.string(), leagueWeightSchema);
export type LeagueWeights = z.infer<typeof leagueWeightsSchema>;

/** POST /api/forehead/gamebet/game/jump and /api/banker/forehead/gamebet/game/jump. */
export const gameJumpSchema = z.object({
  url: described(z.string(), "where the game starts: the game's page on the platform (/game/<gameId>?token=<token>), which redeems the token"),
  token: described(z.string(), 'one-time jump token, valid for 60 s; the game redeems it'),
  expiresAt: described(int(), 'epoch ms'),
});
export type GameJump = z.infer<typeof gameJumpSchema>;

/** POST /api/forehead/gamebet/game/redeem: which member arrived with the token. */
export const gameRedeemSchema = z.object({ gameId: int(), memberId: int(), username: z.string() });
export type GameRedeem = z.infer<typeof gameRedeemSchema>;

// Requests.

const MAX_CATEGORIES = 20;

/** `categoryId`: one id, or the spec's comma list of them ("1,3"). */
const categoryIdsField = z.pipe(
  z.union([z.number(), z.string()], { error: expecting('a banner category id or a comma list of them, like "1,3"') }),
  z.transform((value: number | string, ctx) => {
    const parts = typeof value === 'number' ? [String(value)] : value.split(',').map((p) => p.trim());
    const ids = parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : Number.NaN));
    if (parts.length <= MAX_CATEGORIES && ids.every((n) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647)) return ids;
    return refuse(ctx, value, `expected a banner category id or a comma list of up to ${MAX_CATEGORIES} (positive integers), got ${preview(value)}`);
  }),
);

/** POST /api/forehead/system/config/images/query. */
export const bannersRequestSchema = request(z.strictObject({ categoryId: categoryIdsField, plat: platField, language: languageField }));
export type BannersRequest = z.input<typeof bannersRequestSchema>;

/** GET /ssapi/bannerList/search. */
export const bannerListQuery = request(z.strictObject({ pid: pidField, plat: platField, languageType: languageField, t: stampField }));
export type BannerListQuery = z.input<typeof bannerListQuery>;

/** GET /api/banner/image/:file. */
export const bannerImageParams = request(
  z.strictObject({
    file: z.string().check(z.regex(/^(?:match|league)-[1-9]\d{0,9}\.svg$/, { error: expecting('match-<matchId>.svg or league-<leagueId>.svg') })),
  }),
);
export const bannerImageQuery = request(z.strictObject({ language: languageField, plat: z.optional(z.enum(['pc', 'h5'])), t: stampField }));

/**
 * POST /api/forehead/system/sports/getLeagueWeights for the platform's sports: the scheme-A ids come from the installed
 * sport plugins' manifests, which only the platform reads, so the schema is made from them (once, at start).
 */
export function leagueWeightsRequestSchemaOf<const T extends number>(sportIds: readonly T[]) {
  return request(
    z.strictObject({
      sportId: codeField(sportIds, 'a scheme A sport id'),
      matchType: z.optional(codeField([1, 2, 3, 4], '1 in-play, 2 today, 3 early, 4 outright')),
      type: z.optional(intField(0, 999, 'accepted; the weights do not depend on it')),
      language: languageField,
    }),
  );
}
export type LeagueWeightsRequest = z.input<ReturnType<typeof leagueWeightsRequestSchemaOf<number>>>;

/** POST /api/forehead/system/sports/lineup. */
export const sportsLineupRequestSchema = request(
  z.strictObject({ eventId: idField('a match id'), type: codeField([1, 2], '1 football, 2 basketball'), language: languageField }),
);
export type SportsLineupRequest = z.input<typeof sportsLineupRequestSchema>;

/** POST /api/forehead/gamebet/game/jump. */
export const gameJumpRequestSchema = request(z.strictObject({ gameId: idField('a game id'), language: languageField }));
export type GameJumpRequest = z.input<typeof gameJumpRequestSchema>;

/** POST /api/banker/forehead/gamebet/game/jump: nullish, since a POST without a body reaches the schema as null. */
export const bankerJumpRequestSchema = request(z.nullish(z.strictObject({ gameId: z.optional(idField('a game id')), language: languageField })));
export type BankerJumpRequest = z.input<typeof bankerJumpRequestSchema>;

const TOKEN = 'a jump token (16-64 characters of A-Z, a-z, 0-9, "-" and "_")';

/** POST /api/forehead/gamebet/game/redeem. */
export const gameRedeemRequestSchema = request(
  z.strictObject({ token: z.string({ error: expecting(TOKEN) }).check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, { error: expecting(TOKEN) })), language: languageField }),
);
export type GameRedeemRequest = z.input<typeof gameRedeemRequestSchema>;
