import { PushChannel } from '../../contract/channels';
import type { BasketballTechnic, BasketballTextEntry } from '../../contract/matchData';
import { isRecord } from '../../src/sdk';
import type { DataSourceModule, MatchDataClient, Remote } from '../../src/sdk';

/*
 * Basketball's match data on the score host's lq routes (docs/api.md "Match data"), read through the app's match-data
 * client: the line-ups and intelligence the core draws (this module is the `match-data` extension's code), and the
 * statistics and play-by-play this plugin's `stats` and `text-live` extensions draw.
 */

/** The play-by-play filter: staticList period ids, as the route's `section` takes them. */
export const BASKETBALL_SECTIONS = [
  { id: 1, key: 'full' },
  { id: 2, key: 'firstHalf' },
  { id: 3, key: 'secondHalf' },
  { id: 4, key: 'q1' },
  { id: 5, key: 'q2' },
  { id: 6, key: 'q3' },
  { id: 7, key: 'q4' },
  { id: 8, key: 'overtime' },
] as const;
export type BasketballSection = (typeof BASKETBALL_SECTIONS)[number]['id'];

/** `lq/teahnic`: points per period and the statistics. */
export function basketballTechnic(data: MatchDataClient, matchId: number, language: string): Remote<BasketballTechnic> {
  return data.answer('/api/score/lq/teahnic', { id: matchId, language });
}

/** `lq/TextLive`: one section's plays, newest first. */
export function basketballText(data: MatchDataClient, matchId: number, section: BasketballSection, language: string): Remote<BasketballTextEntry[]> {
  return data.answer('/api/score/lq/TextLive', { id: matchId, section, language });
}

/**
 * Basketball has no statistics or play-by-play channel: the match's score channel tells that something happened
 * (a score, an event, a period change) and the answer shown is refetched, one request per burst.
 */
export function followBasketball(data: MatchDataClient, matchId: number, refetch: () => Remote<unknown>): () => void {
  return data.refreshOn(PushChannel.score(matchId), (message) => isRecord(message) && message.kind !== 'clock' && message.kind !== 'odds', refetch);
}

/** The line-ups and intelligence of basketball and e-basketball: the lq routes. */
const basketballSource: DataSourceModule = {
  lineup: (data, matchId, language) => data.answer('/api/score/lq/lineup', { id: matchId, language }),
  intelligence: (data, matchId, language) => data.answer('/api/match/lq/intelligence', { id: matchId, language }),
};

export default basketballSource;
