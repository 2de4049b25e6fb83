import {
  PushChannel,
  type FootballEventPush,
  type FootballTecPush,
  type LineupStatusPush,
  type MatchesPush,
  type OddsMarket,
  type OddsPush,
  type ScorePush,
} from '../../../contract/push';
import { LANGS, type FeedChange, type FeedChanges, type FeedMatchData, type FeedViews, type Market } from '../feed';
import type { PushHub } from './hub';

/**
 * The push channels the feed's changes go out on: the contract's names (contract/push.ts), whose schemas type every
 * payload published here and are what the app checks each message against.
 */
export const feedChannels = {
  score: PushChannel.score,
  odds: PushChannel.odds,
  footballTec: PushChannel.footballTec,
  footballJs1: PushChannel.footballEvent,
  lineupStatus: PushChannel.lineupStatus,
  matches: PushChannel.matches,
} as const;

/** Football event types that change the technical statistics (corners, cards, shots, attacks, possession). */
const TECHNICAL_EVENTS = new Set([2, 3, 4, 15, 21, 22, 23, 24, 25]);
const FOOTBALL = 1;

/**
 * What an odds update carries: prices and states, not names. A client already holds the names from the list or
 * detail call; a market that replaced another (oldMarketId) keeps its predecessor's names with the new line.
 */
export function oddsUpdate(market: Market): OddsMarket {
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
 * Publishes every feed change on its channels (`subscribe`: the leader's gated feed, so followers never publish the
 * feed twice; their clients get the leader's pushes through the Redis relay). Payloads are built here once per change; the hub serialises each
 * publish once whatever the number of subscribers, and skips channels nobody watches.
 */
export function publishFeed(feed: FeedViews & FeedMatchData & FeedChanges, hub: Pick<PushHub, 'publish'>, subscribe: FeedChanges['on'] = (listener) => feed.on(listener)): () => void {
  const publish = (change: FeedChange) => {
    switch (change.kind) {
      case 'score':
        hub.publish(feedChannels.score(change.matchId), change satisfies ScorePush);
        return;
      case 'clock':
        hub.publish(feedChannels.score(change.matchId), change satisfies ScorePush);
        return;
      case 'status': {
        // Pushes serve every language at once: the period's name goes out in all five, the client picks its own.
        const withName = { ...change, matchPeriod: Object.fromEntries(LANGS.map((lang) => [lang, feed.match(change.matchId, lang)?.matchInfo.matchPeriod ?? ''])) };
        hub.publish(feedChannels.score(change.matchId), withName satisfies ScorePush);
        hub.publish(feedChannels.matches, withName satisfies MatchesPush);
        return;
      }
      case 'event': {
        hub.publish(feedChannels.score(change.matchId), change satisfies ScorePush);
        const match = feed.match(change.matchId);
        if (match?.sportId === FOOTBALL) {
          const fixture = feed.fixture(change.matchId);
          const teams = fixture?.away ? { home: { ...fixture.home.name }, away: { ...fixture.away.name } } : undefined;
          hub.publish(feedChannels.footballJs1, { ...change, teams } satisfies FootballEventPush);
          if (TECHNICAL_EVENTS.has(change.event.type)) {
            hub.publish(feedChannels.footballTec, { matchId: change.matchId, stats: feed.stats(change.matchId) } satisfies FootballTecPush);
          }
        }
        return;
      }
      case 'odds':
        hub.publish(feedChannels.odds(change.matchId), { kind: 'odds', matchId: change.matchId, markets: change.markets.map(oddsUpdate) } satisfies OddsPush);
        return;
      case 'lineup':
        hub.publish(feedChannels.lineupStatus, change satisfies LineupStatusPush);
        return;
      case 'ended': {
        const { result } = change;
        const summary = { kind: 'ended', matchId: change.matchId, matchStatus: result.matchStatus, totalScore: result.totalScore, scores: result.scores } as const;
        hub.publish(feedChannels.score(change.matchId), summary satisfies ScorePush);
        hub.publish(feedChannels.matches, summary satisfies MatchesPush);
        return;
      }
      case 'scheduled':
        hub.publish(feedChannels.matches, change satisfies MatchesPush);
        return;
    }
  };
  return subscribe(publish);
}
