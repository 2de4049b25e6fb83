import * as z from 'zod/mini';
import { described } from './described';

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
  url: described(z.string(), 'where the game starts: a product path'),
  token: described(z.string(), 'one-time jump token, valid for 60 s; the game redeems it'),
  expiresAt: described(int(), 'epoch ms'),
});
export type GameJump = z.infer<typeof gameJumpSchema>;

/** POST /api/forehead/gamebet/game/redeem: which member arrived with the token. */
export const gameRedeemSchema = z.object({ gameId: int(), memberId: int(), username: z.string() });
export type GameRedeem = z.infer<typeof gameRedeemSchema>;
