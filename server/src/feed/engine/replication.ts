import type { FeedReplication, Market, MarketsReplica } from '../types';
import { MarketBook } from './marketBook';
import { TERMINAL, type FeedState } from './state';

/**
 * Several instances: a follower plays the same world but takes in-play prices from the leader (its own pricing then
 * covers pre-match only, which is the same on every instance).
 */
export class Replication implements FeedReplication {
  constructor(private readonly s: FeedState) {}

  get following(): boolean {
    return this.s.following;
  }

  follow(following: boolean): void {
    const s = this.s;
    if (following === s.following) return;
    s.following = following;
    for (const m of s.live.values()) {
      if (following) {
        // Its own in-play prices would carry ids the leader never made; the leader's next change of the match fills it.
        if (m.book) {
          m.book = null;
          m.version++;
        }
      } else m.dirty = true;
    }
  }

  replicaOf(matchId: number, changed: readonly Market[]): MarketsReplica | undefined {
    const book = this.s.records.get(matchId)?.book;
    if (!book) return undefined;
    const markets: MarketsReplica['markets'] = [];
    const seen = new Set<number>();
    // Current markets first, in the leader's order: a follower's fresh book fills its slots in that order.
    for (const market of [...book.current(), ...changed]) {
      if (seen.has(market.marketId)) continue;
      seen.add(market.marketId);
      const replica = book.replicaOf(market);
      if (replica) markets.push(replica);
    }
    return { matchId, markets };
  }

  replicate({ matchId, markets }: MarketsReplica): void {
    const s = this.s;
    if (!s.following) return;
    const m = s.published(matchId);
    // A match over here stays closed: what arrives late from the leader was priced before its end.
    if (!m || TERMINAL.has(m.status)) return;
    m.book ??= new MarketBook(m.id, m.sportId, s.o.margins);
    const changed = m.book.replicate(markets);
    if (changed.length > 0) {
      m.version++;
      s.emit({ kind: 'odds', matchId, markets: changed });
    }
  }
}
