import { SportEvent, Tyg } from '../codes';
import { text } from '../i18n';
import { mean } from '../pricing/distributions';
import { halfLines, LINE_KEEP, totalQuotes, winnerQuote, type Quote, type QuoteContext } from '../pricing/quote';
import { mapToDist, rallyOutlook, type SetRule } from '../pricing/rally';
import { periodTable } from '../texts/periods';
import type { FinalScores, Pair, Side } from '../types';
import { SetsSim } from './sets';
import { other, type StatDefs } from './sim';

export interface RallySetup {
  seed: number;
  sportId: number;
  bestOf: number;
  /** Set rules; the last entry applies to the deciding set. */
  rule: SetRule;
  decidingRule: SetRule;
  /** P(home wins a rally). */
  p: number;
  pointMs: readonly [number, number];
  setBreakMs: number;
  /** Who serves next: the rally winner (volleyball, badminton) or two serves each (table tennis). */
  serveRule: 'winner' | 'alternate';
}

const STATS: StatDefs = [
  ['pointsWon', text('总得分', '總得分', 'Points Won', 'Tổng điểm thắng', 'คะแนนที่ได้')],
  ['servicePoints', text('发球得分', '發球得分', 'Points on Serve', 'Điểm khi giao bóng', 'คะแนนจากการเสิร์ฟ')],
  ['longestRun', text('最长连续得分', '最長連續得分', 'Longest Run', 'Chuỗi điểm dài nhất', 'ทำคะแนนติดต่อกันสูงสุด')],
];

/** Volleyball, beach volleyball, badminton and table tennis: rally points, sets to a target, win by two. */
export class RallySim extends SetsSim {
  readonly periods;
  private readonly s: RallySetup;
  private points: Pair = { home: 0, away: 0 };
  private pointRun: { side: Side | null; length: number; best: Pair } = { side: null, length: 0, best: { home: 0, away: 0 } };

  constructor(setup: RallySetup) {
    super(setup.seed, STATS, setup.bestOf);
    this.s = setup;
    this.periods = periodTable(setup.sportId);
  }

  protected pointServer(): Side {
    return this.server;
  }

  private ruleFor(index: number): SetRule {
    return index === this.s.bestOf - 1 ? this.s.decidingRule : this.s.rule;
  }

  private setOver(rule: SetRule): boolean {
    const { home, away } = this.points;
    if (rule.cap !== undefined && (home === rule.cap || away === rule.cap)) return true;
    return (home >= rule.target || away >= rule.target) && Math.abs(home - away) >= 2;
  }

  protected *run(): Generator<number, void, void> {
    for (let index = 0; !this.matchOver(); index++) {
      const set = index + 1;
      const rule = this.ruleFor(index);
      this.points = { home: 0, away: 0 };
      this.startSet(set, Tyg.Goals);
      let served = 0;
      while (!this.setOver(rule)) {
        yield this.now + this.rng.range(this.s.pointMs[0], this.s.pointMs[1]);
        const winner: Side = this.rng.chance(this.s.p) ? 'home' : 'away';
        if (winner === this.server) this.statBook.add('servicePoints', winner);
        this.points[winner]++;
        this.book.add(set, Tyg.Goals, winner, 1, false);
        this.statBook.add('pointsWon', winner);
        this.trackRun(winner);
        this.scored();
        this.emit({ type: SportEvent.PointWon, code: 'pointWon', second: 0, period: set, team: winner, params: { points: `${this.points.home}-${this.points.away}` } });
        served++;
        if (this.s.serveRule === 'winner') this.server = winner;
        else {
          const deuce = this.points.home >= rule.target - 1 && this.points.away >= rule.target - 1;
          if (deuce || served % 2 === 0) this.server = other(this.server);
        }
      }
      const setWinner = this.endSet(set, this.points);
      if (!this.matchOver()) {
        this.periodId = this.periods.id('setBreak');
        this.periodChanged();
        yield this.now + this.s.setBreakMs;
        // The loser of a set serves first in the next one.
        this.server = other(setWinner);
      }
    }
    this.endMatch();
  }

  private trackRun(winner: Side): void {
    if (this.pointRun.side === winner) this.pointRun.length++;
    else this.pointRun = { ...this.pointRun, side: winner, length: 1 };
    if (this.pointRun.length > this.pointRun.best[winner]) this.pointRun.best[winner] = this.pointRun.length;
    this.statBook.set('longestRun', this.pointRun.best.home, this.pointRun.best.away);
  }

  quotes(_elapsed: number, ctx: QuoteContext): Quote[] {
    if (this.finished()) return [];
    const inBreak = this.periodId === this.periods.id('setBreak');
    const current = inBreak || !this.started() ? { home: 0, away: 0 } : this.points;
    const pointsSoFar = this.setScores.reduce((sum, s) => sum + s.home + s.away, 0);
    const o = rallyOutlook(this.s.p, this.s.bestOf, (i) => this.ruleFor(i), this.sets.home, this.sets.away, pointsSoFar, current.home, current.away);
    const quotes = this.matchQuotes(ctx, o.pMatch, o.setDiff);
    const total = mapToDist(o.totalPoints);
    const now = pointsSoFar + current.home + current.away;
    quotes.push(...totalQuotes(ctx, { key: 'ou', kind: 'total', period: 'ft', unit: 'points', dist: total, candidates: halfLines(mean(total), 30, now), alts: [-4, 4], keep: LINE_KEEP }));
    const setNo = this.sets.home + this.sets.away + 1;
    quotes.push(winnerQuote(ctx, { key: 'ml', kind: 'moneyLine', period: `set${setNo}`, unit: 'points' }, o.pSet, 1 - o.pSet));
    const setTotal = mapToDist(o.setPoints);
    const setNow = current.home + current.away;
    quotes.push(...totalQuotes(ctx, { key: 'ou', kind: 'total', period: `set${setNo}`, unit: 'points', dist: setTotal, candidates: halfLines(this.ruleFor(setNo - 1).target * 1.7, 25, setNow), alts: [], keep: LINE_KEEP }));
    return quotes;
  }

  final(): FinalScores {
    const inBreak = this.periodId === this.periods.id('setBreak');
    return this.setsFinal('points', !this.finished() && this.started() && !inBreak ? this.points : null);
  }
}
