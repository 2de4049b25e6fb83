import { PE_TOTAL, SportEvent, Tyg } from '../codes';
import { handicapQuotes, LINE_KEEP, winnerQuote, type Quote, type QuoteContext } from '../pricing/quote';
import { mapToDist } from '../pricing/rally';
import type { FinalScores, Pair, PeriodTotals, Side } from '../types';
import { ScoredSim, type StatDefs } from './sim';

/**
 * What the sports played in sets share (tennis; volleyball, beach volleyball, badminton and table tennis): best of
 * `bo` sets, each set's score in the sport's unit (games, points), the serve, the match and set-handicap markets and
 * the final scores per set. Each sport plays its own sets.
 */
export abstract class SetsSim extends ScoredSim {
  readonly bo: number;
  protected sets: Pair = { home: 0, away: 0 };
  /** The score of each finished set. */
  protected readonly setScores: Pair[] = [];
  /** Who serves (the next point in the rally sports; the current game in tennis). */
  protected server: Side;

  constructor(seed: number, stats: StatDefs, bestOf: number) {
    super(seed, stats);
    this.bo = bestOf;
    this.server = this.rng.chance(0.5) ? 'home' : 'away';
  }

  /** Who serves the point being played. */
  protected abstract pointServer(): Side;

  protected matchOver(): boolean {
    const need = Math.ceil(this.bo / 2);
    return this.sets.home >= need || this.sets.away >= need;
  }

  /** Set `set` begins; `tyg` is the row its score is kept in. */
  protected startSet(set: number, tyg: number): void {
    this.periodId = set;
    this.book.touch(set, tyg);
    this.periodChanged();
    this.emit({ type: SportEvent.PeriodStart, code: 'periodStart', second: 0, period: set, team: null, params: { period: this.periods.name(set) } });
  }

  /** Set `set` ends with `score`; answers who won it. */
  protected endSet(set: number, score: Pair): Side {
    const setWinner: Side = score.home > score.away ? 'home' : 'away';
    this.sets[setWinner]++;
    this.setScores.push({ ...score });
    this.book.add(PE_TOTAL, Tyg.Sets, setWinner);
    this.scored();
    this.emit({
      type: SportEvent.SetWon,
      code: 'setWon',
      second: 0,
      period: set,
      team: setWinner,
      params: { period: this.periods.name(set), setScore: `${score.home}-${score.away}`, score: `${this.sets.home}-${this.sets.away}` },
    });
    return setWinner;
  }

  protected endMatch(): void {
    this.periodId = this.periods.finished;
    this.periodChanged();
    this.emit({ type: SportEvent.MatchEnd, code: 'matchEnd', second: 0, period: this.periodId, team: null, params: { score: `${this.sets.home}-${this.sets.away}` } });
  }

  score(): Pair {
    return { ...this.sets };
  }

  override serve(): 0 | 1 | 2 {
    if (!this.started() || this.finished()) return 0;
    return this.pointServer() === 'home' ? 1 : 2;
  }

  /** The match winner and the set handicap, from P(home wins the match) and the distribution of the set difference. */
  protected matchQuotes(ctx: QuoteContext, pMatch: number, setDiff: Map<number, number>): Quote[] {
    const setLines = this.bo >= 5 ? [-2.5, -1.5, 1.5, 2.5] : [-1.5, 1.5];
    return [
      winnerQuote(ctx, { key: 'ml', kind: 'moneyLine', period: 'ft', unit: 'sets' }, pMatch, 1 - pMatch),
      ...handicapQuotes(ctx, { key: 'ah', kind: 'spread', period: 'ft', unit: 'sets', dist: mapToDist(setDiff), candidates: setLines, alts: [], keep: LINE_KEEP }),
    ];
  }

  /** Final scores per set and for the match in `unit`; `current` is the set in play (an abandoned match's partial set). */
  protected setsFinal(unit: 'games' | 'points', current: Pair | null): FinalScores {
    const periods: Record<string, PeriodTotals> = {};
    const all = current ? [...this.setScores, { ...current }] : [...this.setScores];
    const total = { home: 0, away: 0 };
    all.forEach((p, i) => {
      periods[`set${i + 1}`] = { [unit]: { ...p } };
      total.home += p.home;
      total.away += p.away;
    });
    periods.ft = { sets: { ...this.sets }, [unit]: total };
    const completed = this.setScores.map((_, i) => `set${i + 1}`);
    if (this.finished()) completed.push('ft');
    return { periods, completed, winner: this.finished() ? (this.sets.home > this.sets.away ? 'home' : 'away') : null };
  }
}
