import type { WireBetGroup, WireMatch } from '../../../contract';

/*
 * The match detail route and its answer's shape, apart from the match screen's store (matchDetail.ts): the slip's
 * picks and the live video panel read a match's detail too, and they are in the initial bundle, which the store is not.
 */

/** A match with every bet group it offers (getMatchDetail). */
export interface MatchDetail extends WireMatch {
  betGroups: WireBetGroup[];
}

export const isDetail = (value: unknown): value is MatchDetail =>
  typeof value === 'object' && value !== null && typeof (value as MatchDetail).matchId === 'number' && Array.isArray((value as MatchDetail).betGroups);
