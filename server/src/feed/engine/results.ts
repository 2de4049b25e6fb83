import type { BetResult } from '../codes';
import type { MatchResult, ResultRange } from '../types';

/**
 * Finished matches, bounded by age: results stay `retentionMs` after their start; their settled
 * markets (the bulk of the memory) go after `settledRetentionMs`. Kept in end order, which is
 * nearly start order, so pruning only looks at the front.
 */
export class ResultStore {
  private list: MatchResult[] = [];
  private readonly byId = new Map<number, MatchResult>();
  private readonly outcomes = new Map<number, Map<number, Record<string, BetResult>>>();
  private slimmed = 0;

  constructor(
    private readonly retentionMs: number,
    private readonly settledRetentionMs: number,
  ) {}

  add(result: MatchResult): void {
    this.list.push(result);
    this.byId.set(result.matchId, result);
  }

  get(matchId: number): MatchResult | undefined {
    return this.byId.get(matchId);
  }

  outcome(matchId: number, marketId: number, optionType: string): BetResult | undefined {
    const result = this.byId.get(matchId);
    if (!result) return undefined;
    let index = this.outcomes.get(matchId);
    if (!index) {
      index = new Map(result.settledMarkets.map((m) => [m.marketId, m.outcomes]));
      this.outcomes.set(matchId, index);
    }
    return index.get(marketId)?.[optionType];
  }

  query(range: ResultRange): MatchResult[] {
    return this.list
      .filter((r) => r.beginTime >= range.from && r.beginTime <= range.to && (range.sportId === undefined || r.sportId === range.sportId) && (range.leagueId === undefined || r.leagueId === range.leagueId))
      .sort((a, b) => b.beginTime - a.beginTime || b.matchId - a.matchId);
  }

  /** A team's results, newest first. */
  recentOf(teamId: number, limit: number): MatchResult[] {
    const out: MatchResult[] = [];
    for (let i = this.list.length - 1; i >= 0 && out.length < limit; i--) {
      const r = this.list[i] as MatchResult;
      if (r.home.id === teamId || r.away?.id === teamId) out.push(r);
    }
    return out;
  }

  get size(): number {
    return this.list.length;
  }

  prune(now: number): void {
    let drop = 0;
    while (drop < this.list.length && (this.list[drop] as MatchResult).endTime < now - this.retentionMs) drop++;
    if (drop > 0) {
      for (const r of this.list.slice(0, drop)) {
        this.byId.delete(r.matchId);
        this.outcomes.delete(r.matchId);
      }
      this.list = this.list.slice(drop);
      this.slimmed = Math.max(0, this.slimmed - drop);
    }
    while (this.slimmed < this.list.length && (this.list[this.slimmed] as MatchResult).endTime < now - this.settledRetentionMs) {
      const r = this.list[this.slimmed] as MatchResult;
      if (r.settledMarkets.length > 0) {
        // Replaced, not mutated: a listener may still hold the full object.
        const slim = { ...r, settledMarkets: [] };
        this.list[this.slimmed] = slim;
        this.byId.set(r.matchId, slim);
        this.outcomes.delete(r.matchId);
      }
      this.slimmed++;
    }
  }
}
