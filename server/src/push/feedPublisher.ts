import { LANGS, type Feed, type FeedChange, type Market } from '../feed';
import type { PushHub } from './hub';

/** The push channels the feed's changes go out on (the list in hub.ts documents them for clients). */
export const feedChannels = {
  score: (matchId: number) => `match:${matchId}:score`,
  odds: (matchId: number) => `match:${matchId}:odds`,
  footballTec: 'football:tec',
  footballJs1: 'football:js1',
  lineupStatus: 'lineup:status',
  matches: 'matches',
} as const;

/** Football event types that change the technical statistics (corners, cards, shots, attacks, possession). */
const TECHNICAL_EVENTS = new Set([2, 3, 4, 15, 21, 22, 23, 24, 25]);
const FOOTBALL = 1;

/**
 * What an odds update carries: prices and states, not names. A client already holds the names from the list or
 * detail call; a market that replaced another (oldMarketId) keeps its predecessor's names with the new line.
 */
export function oddsUpdate(market: Market) {
  return {
    marketId: market.marketId,
    oldMarketId: market.oldMarketId,
    marketType: market.marketType,
    period: market.period,
    line: market.line,
    status: market.status,
    allowParley: market.allowParley,
    options: market.options.map((o) => ({ type: o.type, line: o.line, odd: o.odd, isLock: o.isLock })),
  };
}

/**
 * Publishes every feed change on its channels. Payloads are built here once per change; the hub serialises each
 * publish once whatever the number of subscribers, and skips channels nobody watches.
 */
export function publishFeed(feed: Feed, hub: Pick<PushHub, 'publish'>): () => void {
  const publish = (change: FeedChange) => {
    switch (change.kind) {
      case 'score':
        hub.publish(feedChannels.score(change.matchId), change);
        return;
      case 'clock':
        hub.publish(feedChannels.score(change.matchId), change);
        return;
      case 'status': {
        // Pushes serve every language at once: the period's name goes out in all five, the client picks its own.
        const withName = { ...change, matchPeriod: Object.fromEntries(LANGS.map((lang) => [lang, feed.match(change.matchId, lang)?.matchInfo.matchPeriod ?? ''])) };
        hub.publish(feedChannels.score(change.matchId), withName);
        hub.publish(feedChannels.matches, withName);
        return;
      }
      case 'event': {
        hub.publish(feedChannels.score(change.matchId), change);
        const match = feed.match(change.matchId);
        if (match?.sportId === FOOTBALL) {
          hub.publish(feedChannels.footballJs1, change);
          if (TECHNICAL_EVENTS.has(change.event.type)) {
            hub.publish(feedChannels.footballTec, { matchId: change.matchId, stats: feed.stats(change.matchId) });
          }
        }
        return;
      }
      case 'odds':
        hub.publish(feedChannels.odds(change.matchId), { kind: 'odds', matchId: change.matchId, markets: change.markets.map(oddsUpdate) });
        return;
      case 'lineup':
        hub.publish(feedChannels.lineupStatus, change);
        return;
      case 'ended': {
        const { result } = change;
        const summary = { kind: 'ended', matchId: change.matchId, matchStatus: result.matchStatus, totalScore: result.totalScore, scores: result.scores };
        hub.publish(feedChannels.score(change.matchId), summary);
        hub.publish(feedChannels.matches, summary);
        return;
      }
      case 'scheduled':
        hub.publish(feedChannels.matches, change);
        return;
    }
  };
  return feed.on(publish);
}
