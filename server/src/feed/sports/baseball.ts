import { SportEvent, Tyg } from '../codes';
import { text, type Text } from '../i18n';
import { lineMarkets, poissonOutlook, winnerMarket } from '../pricing/points';
import type { Quote, QuoteContext } from '../pricing/quote';
import { inningName, periodTable } from '../texts/periods';
import type { FinalScores, Pair, Side } from '../types';
import { ScoredSim, type StatDefs } from './sim';

export interface BaseballSetup {
  seed: number;
  /** Expected runs over nine innings. */
  runsHome: number;
  runsAway: number;
}

const STATS: StatDefs = [
  ['hits', text('安打', '安打', 'Hits', 'Cú đánh trúng', 'ฮิต')],
  ['homeRuns', text('全垒打', '全壘打', 'Home Runs', 'Home run', 'โฮมรัน')],
  ['strikeouts', text('三振', '三振', 'Strikeouts', 'Strikeout', 'สไตรก์เอาต์')],
];

const EXTRA_BOOST = 1.6;

/** Baseball: nine innings of top and bottom halves, the home half skipped or cut short when home leads. */
export class BaseballSim extends ScoredSim {
  readonly periods = periodTable(7);
  readonly bo = 0;
  private readonly s: BaseballSetup;
  private inning = 0;
  private top = true;
  private outs = 0;

  constructor(setup: BaseballSetup) {
    super(setup.seed, STATS);
    this.s = setup;
  }

  /** Score rows: one row per inning (pe = that inning's top period id); extra innings share pe 19. */
  private rowPe(inning: number): number {
    return inning <= 9 ? 2 * inning - 1 : this.periods.id('extraTop');
  }

  private total(): Pair {
    return this.book.get(0, Tyg.Goals);
  }

  protected *run(): Generator<number, void, void> {
    for (this.inning = 1; ; this.inning++) {
      for (const top of [true, false]) {
        const score = this.total();
        if (!top && this.inning >= 9 && score.home > score.away) break;
        this.top = top;
        this.outs = 0;
        this.periodId = this.inning <= 9 ? 2 * this.inning - (top ? 1 : 0) : this.periods.id(top ? 'extraTop' : 'extraBottom');
        this.book.touch(this.rowPe(this.inning), Tyg.Goals);
        this.periodChanged();
        this.emit({ type: SportEvent.PeriodStart, code: 'periodStart', second: 0, period: this.periodId, team: null, params: { period: inningName(this.inning, top) } });
        const walkOff = yield* this.halfInning(top ? 'away' : 'home');
        if (walkOff) return yield* this.end();
        const now = this.total();
        const over = this.inning >= 9 && (top ? now.home > now.away : now.home !== now.away);
        if (!over) {
          this.periodId = this.periods.id('inningBreak');
          this.periodChanged();
          yield this.now + this.rng.range(90_000, 150_000);
        }
      }
      const score = this.total();
      if (this.inning >= 9 && score.home !== score.away) break;
    }
    yield* this.end();
  }

  private *end(): Generator<number, void, void> {
    this.periodId = this.periods.finished;
    this.periodChanged();
    const s = this.total();
    this.emit({ type: SportEvent.MatchEnd, code: 'matchEnd', second: 0, period: this.periodId, team: null, params: { score: `${s.home}-${s.away}` } });
  }

  /** Returns true on a walk-off (home takes the lead in the bottom of the ninth or later). */
  private *halfInning(side: Side): Generator<number, boolean, void> {
    const perHalf = (side === 'home' ? this.s.runsHome : this.s.runsAway) / 9;
    const runs = this.rng.poisson(this.inning > 9 ? perHalf * EXTRA_BOOST : perHalf);
    const chunks: number[] = [];
    for (let left = runs; left > 0; ) {
      const n = Math.min(left, this.rng.weighted([0.6, 0.25, 0.1, 0.05]) + 1);
      chunks.push(n);
      left -= n;
    }
    const plays: Array<number | 'out'> = this.rng.shuffle([...chunks, 'out', 'out']);
    plays.push('out');
    const spacing = this.rng.range(6, 12) * 60_000 / plays.length;
    for (const play of plays) {
      yield this.now + spacing * this.rng.range(0.6, 1.4);
      if (play === 'out') {
        this.outs++;
        if (this.rng.chance(0.3)) this.statBook.add('strikeouts', side === 'home' ? 'away' : 'home');
        this.emit({ type: SportEvent.Out, code: 'out', second: 0, period: this.periodId, team: side, params: { outs: this.outs } });
        continue;
      }
      const homeRun = this.rng.chance(0.35);
      this.statBook.add('hits', side, play);
      if (homeRun) this.statBook.add('homeRuns', side);
      this.book.add(this.rowPe(this.inning), Tyg.Goals, side, play);
      this.scored();
      const s = this.total();
      this.emit({ type: SportEvent.Run, code: homeRun ? 'homeRun' : 'run', second: 0, period: this.periodId, team: side, params: { runs: play } });
      if (side === 'home' && this.inning >= 9 && s.home > s.away) return true;
    }
    return false;
  }

  override periodText(): Text {
    if (this.periodId === 0 || this.finished()) return this.periods.name(this.periodId);
    if (this.periodId === this.periods.id('inningBreak')) return this.periods.name(this.periodId);
    return inningName(this.inning, this.top);
  }

  score(): Pair {
    return this.total();
  }

  /** Half-innings left for each side in regulation (the current one counted by outs still to get). */
  private halvesLeft(): Pair {
    if (!this.started()) return { home: 9, away: 9 };
    if (this.inning > 9) return { home: this.top ? 1 : 1 - this.outs / 3, away: this.top ? 1 - this.outs / 3 : 0 };
    const inBreak = this.periodId === this.periods.id('inningBreak');
    const away = 9 - this.inning + (this.top && !inBreak ? 1 - this.outs / 3 : 0);
    const homeThis = this.top ? 1 : inBreak ? 0 : 1 - this.outs / 3;
    return { home: 9 - this.inning + homeThis, away: Math.max(0, away) };
  }

  quotes(_elapsed: number, ctx: QuoteContext): Quote[] {
    if (this.finished()) return [];
    const left = this.halvesLeft();
    const s = this.total();
    const boost = this.inning > 9 ? EXTRA_BOOST : 1;
    const outlook = poissonOutlook(s.home, s.away, (this.s.runsHome / 9) * left.home * boost, (this.s.runsAway / 9) * left.away * boost);
    return [
      winnerMarket(ctx, 'ft', outlook.margin, 'overtime'),
      ...lineMarkets(ctx, 'ft', outlook, s.home + s.away, { spreadAlts: [], totalAlts: [-1, 1], minSpread: 1.5 }),
    ];
  }

  final(): FinalScores {
    const s = this.total();
    return { periods: { ft: { goals: s } }, completed: this.finished() ? ['ft'] : [], winner: this.finished() ? (s.home > s.away ? 'home' : 'away') : null };
  }
}
