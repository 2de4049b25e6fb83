import { PROFILES, type FeedViews, type Lang, type MatchView } from '../../feed';
import { ApiError, CODES } from '../../http/envelope';

/** Which match a request names, for the match-data, media and marketing routes (their request fields are the contract's, contract/fields.ts). */

export type SportKind = 'football' | 'basketball' | 'any';

const SIM_OF = new Map(PROFILES.map((p) => [p.sportId, p.sim]));
const KIND_NAMES: Record<Exclude<SportKind, 'any'>, string> = { football: 'a football match', basketball: 'a basketball match' };

/** The sim family of a sport: football covers e-football, basketball covers e-basketball. */
export function simOf(sportId: number): string | undefined {
  return SIM_OF.get(sportId);
}

/**
 * The match a request names, or a 404 naming the field: unknown ids, outrights (they have no
 * match data) and, on the zq/lq routes, matches of the other sport.
 */
export function findMatch(feed: FeedViews, matchId: number, field: string, kind: SportKind, lang: Lang = 'CMN'): MatchView {
  const view = feed.match(matchId, lang);
  if (!view || view.isOutright) throw new ApiError(404, CODES.NOT_FOUND, `${field}: no match ${matchId}`);
  if (kind !== 'any' && simOf(view.sportId) !== kind) {
    throw new ApiError(404, CODES.NOT_FOUND, `${field}: match ${matchId} is not ${KIND_NAMES[kind]} (sport ${view.sportId})`);
  }
  return view;
}
