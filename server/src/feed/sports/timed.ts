import { SportEvent, Tyg } from '../codes';
import { text, type Text } from '../i18n';
import { lineMarkets, normalOutlook, poissonOutlook, winnerMarket, type PointsOutlook, type TieRule } from '../pricing/points';
import type { Quote, QuoteContext } from '../pricing/quote';
import { periodTable, type PeriodTable } from '../texts/periods';
import type { MatchClock } from '../../../../contract/shapes';
import type { FinalScores, Pair, PeriodTotals, Side } from '../types';
import { ScoredSim } from './sim';

/** A way to score: a try, a touchdown, a field goal, a goal... with an optional kick after it. */
export interface ScoringPlay {
  code: string;
  points: number;
  /** Expected plays per team per 60 game minutes, before the team's strength. */
  rate: number;
  then?: { code: string; points: number; chance: number };
}

export interface TimedRules {
  sportId: number;
  /** Regulation periods: their period-table key and game minutes. */
  periods: ReadonlyArray<{ key: string; minutes: number; breakKey?: string; breakMinutes?: number; markets: readonly string[] }>;
  clock: 'up' | 'down';
  /** Clock stops: mean seconds the clock runs and stays stopped (null: a running clock). */
  stoppages: { run: number; stop: number } | null;
  scoring: readonly ScoringPlay[];
  /** What a regulation tie leads to. */
  tie: 'draw' | 'overtimeShootout' | 'overtime';
  overtimeMinutes: number;
  pricing: 'poisson' | 'normal';
  /** Full-match standard deviations of margin and total (normal pricing). */
  sdMargin: number;
  sdTotal: number;
  /** Statistics, keyed by the scoring play's code they count. */
  stats: ReadonlyArray<readonly [string, Text]>;
}

export interface TimedSetup {
  seed: number;
  rules: TimedRules;
  /** Expected regulation points of each side. */
  pointsHome: number;
  pointsAway: number;
}

/** Hockey, handball, rugby and american football: periods of game time, scoring plays at team rates. */
export class TimedSim extends ScoredSim {
  readonly periods: PeriodTable;
  readonly bo = 0;
  private readonly s: TimedSetup;
  private readonly rules: TimedRules;
  private index = -1;
  private played = 0;
  private clockSeconds = 0;
  private clockSince: number | null = null;
  private shootoutWinner: Side | null = null;
  private overtimePlayed = false;

  constructor(setup: TimedSetup) {
    super(setup.seed, setup.rules.stats);
    this.s = setup;
    this.rules = setup.rules;
    this.periods = periodTable(setup.rules.sportId);
  }

  private get regulationMinutes(): number {
    return this.rules.periods.reduce((sum, p) => sum + p.minutes, 0);
  }

  /** Game seconds played in the current period. */
  private played_(elapsed = this.now): number {
    return this.clockSince === null ? this.clockSeconds : this.clockSeconds + (elapsed - this.clockSince) / 1000;
  }

  private setPeriod(id: number): void {
    this.periodId = id;
    this.periodChanged();
  }

  protected *run(): Generator<number, void, void> {
    for (let i = 0; i < this.rules.periods.length; i++) {
      const p = this.rules.periods[i] as TimedRules['periods'][number];
      this.index = i;
      yield* this.playPeriod(this.periods.id(p.key), p.minutes, false);
      this.played = i + 1;
      if (p.breakKey) {
        this.setPeriod(this.periods.id(p.breakKey));
        yield this.now + (p.breakMinutes ?? 2) * 60_000;
      }
    }
    this.index = -1;
    const score = this.total();
    if (score.home === score.away && this.rules.tie !== 'draw') {
      this.setPeriod(this.periods.id('regularTimeEnded'));
      yield this.now + 2 * 60_000;
      this.overtimePlayed = true;
      yield* this.playPeriod(this.periods.id('overtime'), this.rules.overtimeMinutes, true);
      const after = this.total();
      if (after.home === after.away && this.rules.tie === 'overtimeShootout') {
        this.setPeriod(this.periods.id('shootout'));
        yield this.now + this.rng.range(4, 8) * 60_000;
        const home = (this.s.pointsHome + 1) / (this.s.pointsHome + this.s.pointsAway + 2);
        this.shootoutWinner = this.rng.chance(home) ? 'home' : 'away';
        this.book.add(this.periodId, Tyg.Shootout, this.shootoutWinner);
        this.scored();
        this.emit({ type: SportEvent.Score, code: 'shootoutGoal', second: 0, period: this.periodId, team: this.shootoutWinner });
      }
    }
    const key = this.shootoutWinner ? 'finishedAfterShootout' : this.overtimePlayed ? 'finishedAfterOvertime' : 'finished';
    this.setPeriod(this.periods.id(key));
    const s = this.total();
    this.emit({ type: SportEvent.MatchEnd, code: 'matchEnd', second: this.clockValue(), period: this.periodId, team: null, params: { score: `${s.home}-${s.away}` } });
  }

  private *playPeriod(periodId: number, minutes: number, suddenDeath: boolean): Generator<number, void, void> {
    this.setPeriod(periodId);
    this.clockSeconds = 0;
    this.clockSince = this.now;
    this.book.touch(periodId, Tyg.Goals);
    this.emit({ type: SportEvent.PeriodStart, code: 'periodStart', second: this.clockValue(), period: periodId, team: null, params: { period: this.periods.name(periodId) } });
    const length = minutes * 60;
    const weight = this.rules.scoring.reduce((sum, p) => sum + p.rate, 0);
    const perPlay = this.rules.scoring.reduce((sum, p) => sum + p.rate * (p.points + (p.then ? p.then.points * p.then.chance : 0)), 0) / weight;
    const seconds = this.regulationMinutes * 60;
    const rate = { home: this.s.pointsHome / perPlay / seconds, away: this.s.pointsAway / perPlay / seconds };
    let nextStop = this.rules.stoppages ? this.now + this.rng.exp(this.rules.stoppages.run) * 1000 : Infinity;
    for (;;) {
      const clockLeft = length - this.played_();
      if (clockLeft <= 0.01) break;
      const endAt = this.now + clockLeft * 1000;
      const next = this.now + (this.rng.exp(1) / (rate.home + rate.away)) * 1000;
      const t = Math.min(endAt, next, nextStop);
      yield t;
      if (t === endAt) break;
      if (t === nextStop) {
        this.clockSeconds = this.played_();
        this.clockSince = null;
        yield this.now + this.rng.exp((this.rules.stoppages as { stop: number }).stop) * 1000;
        this.clockSince = this.now;
        nextStop = this.now + this.rng.exp((this.rules.stoppages as { run: number }).run) * 1000;
        continue;
      }
      const side: Side = this.rng.chance(rate.home / (rate.home + rate.away)) ? 'home' : 'away';
      this.scorePlay(side);
      if (suddenDeath) break;
    }
    this.clockSeconds = this.played_();
    this.clockSince = null;
    const s = this.book.get(periodId, Tyg.Goals);
    this.emit({ type: SportEvent.PeriodEnd, code: 'periodEnd', second: this.clockValue(), period: periodId, team: null, params: { period: this.periods.name(periodId), score: `${s.home}-${s.away}` } });
  }

  private scorePlay(side: Side): void {
    const play = this.rules.scoring[this.rng.weighted(this.rules.scoring.map((p) => p.rate))] as ScoringPlay;
    this.add(side, play.points, play.code);
    if (play.then && this.rng.chance(play.then.chance)) this.add(side, play.then.points, play.then.code);
  }

  private add(side: Side, points: number, code: string): void {
    this.book.add(this.periodId, Tyg.Goals, side, points);
    this.statBook.add(code, side);
    this.scored();
    this.emit({ type: SportEvent.Score, code, second: this.clockValue(), period: this.periodId, team: side, params: { points } });
  }

  private total(): Pair {
    return this.book.get(0, Tyg.Goals);
  }

  private currentLength(): number {
    if (this.index >= 0) return (this.rules.periods[this.index] as { minutes: number }).minutes * 60;
    return this.rules.overtimeMinutes * 60;
  }

  private clockValue(elapsed = this.now): number {
    const played = Math.min(this.played_(elapsed), this.currentLength());
    return Math.floor(this.rules.clock === 'down' ? this.currentLength() - played : played);
  }

  override clock(elapsed: number): MatchClock {
    const live = this.started() && !this.finished() && this.clockSince !== null;
    return { running: live, period: this.periodId, second: this.started() ? this.clockValue(elapsed) : 0, type: this.rules.clock };
  }

  score(): Pair {
    return this.total();
  }

  private outlook(periodIndexes: readonly number[], elapsed: number): { outlook: PointsOutlook; score: Pair } | null {
    const total = this.regulationMinutes * 60;
    const score = { home: 0, away: 0 };
    let left = 0;
    let open = false;
    for (const i of periodIndexes) {
      const p = this.rules.periods[i] as TimedRules['periods'][number];
      const row = this.book.get(this.periods.id(p.key), Tyg.Goals);
      score.home += row.home;
      score.away += row.away;
      if (i < this.played) continue;
      open = true;
      left += i === this.index && this.periodId === this.periods.id(p.key) ? Math.max(0, p.minutes * 60 - this.played_(elapsed)) : p.minutes * 60;
    }
    if (!open || left <= 0) return null;
    const share = left / total;
    const mh = this.s.pointsHome * share;
    const ma = this.s.pointsAway * share;
    const outlook = this.rules.pricing === 'poisson' ? poissonOutlook(score.home, score.away, mh, ma) : normalOutlook(score.home, score.away, mh, ma, this.rules.sdMargin * Math.sqrt(share), this.rules.sdTotal * Math.sqrt(share));
    return { outlook, score };
  }

  quotes(elapsed: number, ctx: QuoteContext): Quote[] {
    if (this.finished() || this.index === -1 && this.started()) return [];
    const quotes: Quote[] = [];
    const all = this.rules.periods.map((_, i) => i);
    const scorePeriods: Array<[string, number[]]> = [['ft', all]];
    for (const m of ['1h', '2h']) {
      const idx = all.filter((i) => (this.rules.periods[i] as { markets: readonly string[] }).markets.includes(m));
      if (idx.length > 0) scorePeriods.push([m, idx]);
    }
    const spreadAlts = this.rules.pricing === 'poisson' ? [-1, 1] : [-3, 3];
    const totalAlts = this.rules.pricing === 'poisson' ? [-1, 1] : [-4, 4];
    for (const [period, idx] of scorePeriods) {
      const o = this.outlook(idx, elapsed);
      if (!o) continue;
      const ft = period === 'ft';
      const rules: TieRule[] = this.rules.tie === 'overtime' ? [ft ? 'overtime' : 'push'] : this.rules.tie === 'overtimeShootout' ? (ft ? ['threeWay', 'overtime'] : ['threeWay']) : ft ? ['threeWay', 'push'] : ['threeWay'];
      for (const rule of rules) quotes.push(winnerMarket(ctx, period, o.outlook.margin, rule));
      const minSpread = this.rules.pricing === 'poisson' ? 1.5 : 0;
      quotes.push(...lineMarkets(ctx, period, o.outlook, o.score.home + o.score.away, { spreadAlts: ft ? spreadAlts : [], totalAlts: ft ? totalAlts : [], minSpread }));
    }
    return quotes;
  }

  final(): FinalScores {
    const periods: Record<string, PeriodTotals> = {};
    const sum = (idx: readonly number[]): Pair => {
      const out = { home: 0, away: 0 };
      for (const i of idx) {
        const row = this.book.get(this.periods.id((this.rules.periods[i] as { key: string }).key), Tyg.Goals);
        out.home += row.home;
        out.away += row.away;
      }
      return out;
    };
    const all = this.rules.periods.map((_, i) => i);
    periods.ft = { goals: sum(all) };
    const completed: string[] = [];
    if (this.played === all.length) completed.push('ft');
    for (const m of ['1h', '2h']) {
      const idx = all.filter((i) => (this.rules.periods[i] as { markets: readonly string[] }).markets.includes(m));
      if (idx.length === 0) continue;
      periods[m] = { goals: sum(idx) };
      if (idx.every((i) => i < this.played)) completed.push(m);
    }
    const total = this.total();
    const match = { home: total.home + (this.shootoutWinner === 'home' ? 1 : 0), away: total.away + (this.shootoutWinner === 'away' ? 1 : 0) };
    periods.match = { goals: match };
    const winner: FinalScores['winner'] = !this.finished() ? null : match.home > match.away ? 'home' : match.away > match.home ? 'away' : 'draw';
    return { periods, completed, winner };
  }
}

const GOALS = text('进球', '進球', 'Goals', 'Bàn thắng', 'ประตู');

/** The four timed sports' rules. Basketball-style OT ties are rare enough in american football to leave as a push. */
export const TIMED_RULES: Record<number, TimedRules> = {
  2: {
    sportId: 2,
    periods: [
      { key: 'p1', minutes: 20, breakKey: 'break1', breakMinutes: 18, markets: [] },
      { key: 'p2', minutes: 20, breakKey: 'break2', breakMinutes: 18, markets: [] },
      { key: 'p3', minutes: 20, markets: [] },
    ],
    clock: 'down',
    stoppages: { run: 45, stop: 30 },
    scoring: [{ code: 'teamGoal', points: 1, rate: 3 }],
    tie: 'overtimeShootout',
    overtimeMinutes: 5,
    pricing: 'poisson',
    sdMargin: 0,
    sdTotal: 0,
    stats: [['teamGoal', GOALS]],
  },
  8: {
    sportId: 8,
    periods: [
      { key: 'firstHalf', minutes: 30, breakKey: 'halfTime', breakMinutes: 15, markets: ['1h'] },
      { key: 'secondHalf', minutes: 30, markets: ['2h'] },
    ],
    clock: 'up',
    stoppages: null,
    scoring: [{ code: 'teamGoal', points: 1, rate: 28 }],
    tie: 'draw',
    overtimeMinutes: 0,
    pricing: 'normal',
    sdMargin: 5.5,
    sdTotal: 7,
    stats: [['teamGoal', GOALS]],
  },
  4: {
    sportId: 4,
    periods: [
      { key: 'firstHalf', minutes: 40, breakKey: 'halfTime', breakMinutes: 10, markets: ['1h'] },
      { key: 'secondHalf', minutes: 40, markets: ['2h'] },
    ],
    clock: 'up',
    stoppages: { run: 240, stop: 40 },
    scoring: [
      { code: 'try', points: 5, rate: 2.2, then: { code: 'conversion', points: 2, chance: 0.72 } },
      { code: 'penaltyKick', points: 3, rate: 1.5 },
    ],
    tie: 'draw',
    overtimeMinutes: 0,
    pricing: 'normal',
    sdMargin: 14,
    sdTotal: 15,
    stats: [
      ['try', text('达阵', '達陣', 'Tries', 'Try', 'ไทร')],
      ['conversion', text('附加踢射', '附加踢射', 'Conversions', 'Đá chuyển đổi', 'เตะเพิ่มคะแนน')],
      ['penaltyKick', text('罚踢得分', '罰踢得分', 'Penalty Goals', 'Đá phạt thành công', 'เตะลูกโทษ')],
    ],
  },
  6: {
    sportId: 6,
    periods: [
      { key: 'q1', minutes: 15, breakKey: 'break1', breakMinutes: 2, markets: ['1h'] },
      { key: 'q2', minutes: 15, breakKey: 'halfTime', breakMinutes: 15, markets: ['1h'] },
      { key: 'q3', minutes: 15, breakKey: 'break3', breakMinutes: 2, markets: ['2h'] },
      { key: 'q4', minutes: 15, markets: ['2h'] },
    ],
    clock: 'down',
    stoppages: { run: 30, stop: 55 },
    scoring: [
      { code: 'touchdown', points: 6, rate: 2.5, then: { code: 'extraPoint', points: 1, chance: 0.94 } },
      { code: 'fieldGoal', points: 3, rate: 1.7 },
      { code: 'safety', points: 2, rate: 0.05 },
    ],
    tie: 'overtime',
    overtimeMinutes: 10,
    pricing: 'normal',
    sdMargin: 13.5,
    sdTotal: 14,
    stats: [
      ['touchdown', text('达阵', '達陣', 'Touchdowns', 'Touchdown', 'ทัชดาวน์')],
      ['fieldGoal', text('射门得分', '射門得分', 'Field Goals', 'Field goal', 'ฟิลด์โกล')],
      ['extraPoint', text('附加分', '附加分', 'Extra Points', 'Điểm cộng thêm', 'แต้มพิเศษ')],
      ['safety', text('安全分', '安全分', 'Safeties', 'Safety', 'เซฟตี้')],
    ],
  },
};
