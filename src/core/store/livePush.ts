import { createCoalescer, type FrameScheduler, animationFrame } from '../../services/coalescer';
import { PushChannel } from '../../../contract/channels';
import type { OddsPush, ScorePush } from '../../../contract/push';
import type { KernelEmitter } from '../../kernel/events';
import type { GapReason, PushClient } from '../../services/push';
import type { LiveBookInstance } from './liveBook';

/** The channels of one match a screen watches while it shows the match (docs/api.md, Push). */
export const matchChannels = (matchId: number) => [PushChannel.score(matchId), PushChannel.odds(matchId)];

/** The match a channel of matchChannels belongs to, or undefined for any other channel. */
export function matchIdOfChannel(chId: string): number | undefined {
  const found = /^match:(\d+):(?:score|odds)$/.exec(chId);
  return found ? Number(found[1]) : undefined;
}

/**
 * The push client's onGap: a channel whose messages were missed, or whose platform restarted, has stale state. The
 * match list shows every match's score and prices, so a match channel refetches it; every gap is announced as
 * `push.gap` so the store that owns the channel (the match screen, ...) refetches its own.
 */
export function refetchOnGap(events: KernelEmitter, refreshMatchList: () => void) {
  return (chId: string, reason: GapReason) => {
    if (matchIdOfChannel(chId) !== undefined) refreshMatchList();
    events.emit('push.gap', { chId, reason });
  };
}

/**
 * Routes match pushes into the live book, coalesced per key and applied once per animation frame. Keys keep what
 * must not be lost: a score push per match and kind (a clock tick must not swallow a goal), an odds push per market
 * (one message may carry several markets of a match, later ones other markets).
 */
export function connectLiveBook(push: Pick<PushClient, 'route'>, book: LiveBookInstance, schedule: FrameScheduler = animationFrame): () => void {
  const scores = createCoalescer<string, ScorePush>((batch) => book.applyScore(batch.values()), schedule);
  const odds = createCoalescer<number, OddsPush>((batch) => book.applyOdds(batch.values()), schedule);

  const removeRoute = push.route({
    'match:*': (data, msg) => {
      if (msg.chId.endsWith(':odds')) {
        const update = data as OddsPush;
        for (const market of update.markets ?? []) odds.push(market.marketId, { ...update, markets: [market] });
      } else {
        const update = data as ScorePush;
        scores.push(`${update.matchId}:${update.kind}`, update);
      }
    },
  });
  return () => {
    removeRoute();
    scores.dispose();
    odds.dispose();
  };
}
