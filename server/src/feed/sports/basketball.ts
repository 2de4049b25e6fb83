import { SportEvent, Tyg } from '../codes';
import { playerRef, type MatchLineups } from '../data/lineup';
import type { Player } from '../fixtures/world';
import { text } from '../i18n';
import { pointsScoreModel, type ScoreModel } from '../pricing/builder';
import { lineMarkets, normalOutlook, winnerMarket, type PointsOutlook } from '../pricing/points';
import type { Quote, QuoteContext } from '../pricing/quote';
import { periodTable } from '../texts/periods';
import type { MatchClock } from '../../../../contract/shapes';
import type { FinalScores, Pair, PeriodTotals, Side } from '../types';
import { mmss, other, ScoredSim, type StatDefs } from './sim';

export interface BasketballSetup {
  seed: number;
  sportId: number;
  /** Four quarters (pro, e-basketball) or two halves (college). */
  halves: boolean;
  /** Length of a quarter or half in minutes. */
  periodMinutes: number;
  shortBreakMinutes: number;
  halfTimeMinutes: number;
  overtimeMinutes: number;
  /** Expected regulation points. */
  pointsHome: number;
  pointsAway: number;
  /** Whether the game clock stops for fouls and timeouts (not in e-basketball). */
  stoppages: boolean;
  lineups: MatchLineups | null;
}

const STATS: StatDefs = [
  ['twoPointers', text('两分命中', '兩分命中', '2-Pointers Made', 'Ném 2 điểm thành công', 'ยิง 2 คะแนนลง')],
  ['threePointers', text('三分命中', '三分命中', '3-Pointers Made', 'Ném 3 điểm thành công', 'ยิง 3 คะแนนลง')],
  ['freeThrows', text('罚球命中', '罰球命中', 'Free Throws Made', 'Ném phạt thành công', 'ฟรีโธรว์ลง')],
  ['freeThrowAttempts', text('罚球次数', '罰球次數', 'Free Throw Attempts', 'Số lần ném phạt', 'จำนวนฟรีโธรว์')],
  ['rebounds', text('篮板', '籃板', 'Rebounds', 'Bóng bật bảng', 'รีบาวด์')],
  ['turnovers', text('失误', '失誤', 'Turnovers', 'Mất bóng', 'เสียการครองบอล')],
  ['fouls', text('犯规', '犯規', 'Fouls', 'Phạm lỗi', 'ฟาวล์')],
  ['timeouts', text('暂停', '暫停', 'Timeouts', 'Hội ý', 'เวลานอก')],
];

/** Basketball match periods after the final whistle (texts/periods.ts). */
const FINISHED = 14;
const FINISHED_AFTER_OT = 15;

interface Segment {
  periodId: number;
  seconds: number;
  /** Market periods this segment belongs to besides ft. */
  markets: readonly string[];
  breakAfter: { periodId: number; minutes: number } | null;
}

/** Basketball and e-basketball: possession by possession against a game clock that counts down. */
export class BasketballSim extends ScoredSim {
  readonly periods = periodTable(3);
  readonly bo = 0;
  private readonly s: BasketballSetup;
  private readonly segments: Segment[];
  /** Index of the segment being played (regulation), or -1. */
  private segmentIndex = -1;
  private inOvertime = false;
  private overtimes = 0;
  private clockRemaining = 0;
  private clockRunningSince: number | null = null;
  /** Regulation segments fully played. */
  private played = 0;

  constructor(setup: BasketballSetup) {
    super(setup.seed, STATS);
    this.s = setup;
    const secs = setup.periodMinutes * 60;
    const shortBreak = { minutes: setup.shortBreakMinutes };
    this.segments = setup.halves
      ? [
          { periodId: 8, seconds: secs, markets: ['1h'], breakAfter: { periodId: 4, minutes: setup.halfTimeMinutes } },
          { periodId: 9, seconds: secs, markets: ['2h'], breakAfter: null },
        ]
      : [
          { periodId: 1, seconds: secs, markets: ['q1', '1h'], breakAfter: { periodId: 2, ...shortBreak } },
          { periodId: 3, seconds: secs, markets: ['q2', '1h'], breakAfter: { periodId: 4, minutes: setup.halfTimeMinutes } },
          { periodId: 5, seconds: secs, markets: ['q3', '2h'], breakAfter: { periodId: 6, ...shortBreak } },
          { periodId: 7, seconds: secs, markets: ['q4', '2h'], breakAfter: null },
        ];
  }

  private get regulationSeconds(): number {
    return this.segments.reduce((sum, s) => sum + s.seconds, 0);
  }

  private remaining(elapsed = this.now): number {
    if (this.clockRunningSince === null) return this.clockRemaining;
    return Math.max(0, this.clockRemaining - (elapsed - this.clockRunningSince) / 1000);
  }

  private startClock(): void {
    if (this.clockRunningSince === null) this.clockRunningSince = this.now;
  }

  private stopClock(): void {
    this.clockRemaining = this.remaining();
    this.clockRunningSince = null;
  }

  private setPeriod(id: number): void {
    this.periodId = id;
    this.periodChanged();
  }

  /** The play's section (contract basketballTextSchema): 0 once the match is over, so the final whistle names no quarter. */
  private section(): number {
    if (this.periodId === FINISHED || this.periodId === FINISHED_AFTER_OT) return 0;
    if (this.inOvertime) return this.segments.length + this.overtimes;
    return this.segmentIndex + 1;
  }

  private pick(side: Side, lineups: MatchLineups | null): Player | undefined {
    const five = lineups?.[side].starters ?? [];
    const bench = lineups?.[side].bench ?? [];
    const pool = this.rng.chance(0.75) ? five : bench;
    return pool.length > 0 ? this.rng.pick(pool) : five[0];
  }

  private emitPlay(code: string, type: number, side: Side | null, player?: Player): void {
    this.emit({
      type,
      code,
      second: Math.round(this.remaining()),
      period: this.periodId,
      team: side,
      section: this.section(),
      clockText: mmss(this.remaining()),
      ...(player ? { player: playerRef(player) } : {}),
    });
  }

  protected *run(): Generator<number, void, void> {
    const regulation = this.regulationSeconds;
    // Points per possession from the expected score and ~2.1 possessions per team-minute of a 48-minute game.
    const possessionSeconds = 14;
    const possessions = regulation / possessionSeconds / 2;
    const ppp = { home: this.s.pointsHome / possessions, away: this.s.pointsAway / possessions };
    let offense: Side = this.rng.chance(0.5) ? 'home' : 'away';
    for (let i = 0; i < this.segments.length; i++) {
      const seg = this.segments[i] as Segment;
      this.segmentIndex = i;
      yield* this.playPeriod(seg.periodId, seg.seconds, () => offense, (s) => (offense = s), ppp);
      this.played = i + 1;
      if (seg.breakAfter) {
        this.setPeriod(seg.breakAfter.periodId);
        yield this.now + seg.breakAfter.minutes * 60_000;
      }
    }
    this.segmentIndex = -1;
    while (this.scoreNow().home === this.scoreNow().away) {
      this.setPeriod(this.overtimes === 0 ? 11 : 13);
      yield this.now + 60_000;
      this.inOvertime = true;
      this.overtimes++;
      yield* this.playPeriod(12, this.s.overtimeMinutes * 60, () => offense, (s) => (offense = s), ppp);
    }
    this.setPeriod(this.overtimes > 0 ? FINISHED_AFTER_OT : FINISHED);
    this.emitPlay('matchEnd', SportEvent.MatchEnd, null);
  }

  private scoreNow(): Pair {
    return this.book.get(0, Tyg.Goals);
  }

  private *playPeriod(periodId: number, seconds: number, getOffense: () => Side, setOffense: (s: Side) => void, ppp: Pair): Generator<number, void, void> {
    this.setPeriod(periodId);
    this.clockRemaining = seconds;
    this.book.touch(periodId, Tyg.Goals);
    this.emitPlay('periodStart', SportEvent.PeriodStart, null);
    this.startClock();
    for (;;) {
      const left = this.remaining();
      if (left <= 0.5) break;
      const length = Math.min(left, this.rng.range(6, 22));
      yield this.now + length * 1000;
      const side = getOffense();
      const keep = this.possession(side, ppp[side] as number, this.remaining() <= 0.5);
      if (!keep) setOffense(other(side));
      if (this.s.stoppages && this.clockRunningSince === null) {
        yield this.now + this.rng.range(15_000, 45_000);
        this.startClock();
      }
      if (this.s.stoppages && this.remaining() > 1 && this.rng.chance(0.03)) {
        const caller = this.rng.chance(0.5) ? 'home' : 'away';
        this.stopClock();
        this.statBook.add('timeouts', caller);
        this.emitPlay('timeout', SportEvent.Timeout, caller);
        yield this.now + this.rng.range(60_000, 100_000);
        this.startClock();
      }
    }
    this.stopClock();
    this.clockRemaining = 0;
    this.emitPlay('periodEnd', SportEvent.PeriodEnd, null);
  }

  /** One possession; returns whether the offense keeps the ball (offensive rebound). */
  private possession(side: Side, pointsPerPossession: number, buzzer: boolean): boolean {
    const lineups = this.s.lineups;
    // Shot mix scaled so the expected points per possession match the team's level.
    const scale = pointsPerPossession / 1.0;
    const r = this.rng.next();
    const shooter = this.pick(side, lineups);
    if (r < 0.11 && !buzzer) {
      this.statBook.add('turnovers', side);
      this.emitPlay('turnover', SportEvent.Turnover, side, shooter);
      return false;
    }
    if (r < 0.24 && !buzzer) {
      const fouler = this.pick(other(side), lineups);
      this.statBook.add('fouls', other(side));
      this.emitPlay('personalFoul', SportEvent.Foul, other(side), fouler);
      if (this.s.stoppages) this.stopClock();
      for (let k = 0; k < 2; k++) {
        this.statBook.add('freeThrowAttempts', side);
        if (this.rng.chance(Math.min(0.95, 0.76 * scale))) {
          this.statBook.add('freeThrows', side);
          this.addPoints(side, 1);
          this.emitPlay('freeThrowMade', SportEvent.Score, side, shooter);
        } else {
          this.emitPlay('freeThrowMissed', SportEvent.Miss, side, shooter);
        }
      }
      return false;
    }
    const three = this.rng.chance(0.4);
    const make = this.rng.chance(Math.min(0.9, (three ? 0.355 : 0.515) * scale));
    if (make) {
      this.statBook.add(three ? 'threePointers' : 'twoPointers', side);
      this.addPoints(side, three ? 3 : 2);
      this.emitPlay(three ? 'threePointer' : 'twoPointer', SportEvent.Score, side, shooter);
      return false;
    }
    this.emitPlay(three ? 'missThree' : 'missTwo', SportEvent.Miss, side, shooter);
    const offensive = this.rng.chance(0.24);
    const rebounder = offensive ? side : other(side);
    this.statBook.add('rebounds', rebounder);
    this.emitPlay('rebound', SportEvent.Rebound, rebounder, this.pick(rebounder, lineups));
    return offensive;
  }

  private addPoints(side: Side, points: number): void {
    this.book.add(this.periodId, Tyg.Goals, side, points);
    this.scored();
  }

  override clock(elapsed: number): MatchClock {
    return { running: this.clockRunningSince !== null && !this.finished(), period: this.periodId, second: Math.ceil(this.remaining(elapsed)), type: 'down' };
  }

  score(): Pair {
    return this.scoreNow();
  }

  /** The model's parameters: expected points per second and the spreads of a whole game's margin and total. */
  private model(): { regulation: number; sdMargin: number; sdTotal: number; rate: Pair } {
    const regulation = this.regulationSeconds;
    const level = (this.s.pointsHome + this.s.pointsAway) / 220;
    return { regulation, sdMargin: 13 * Math.sqrt(level), sdTotal: 20 * Math.sqrt(level), rate: { home: this.s.pointsHome / regulation, away: this.s.pointsAway / regulation } };
  }

  /** Overtime: full-time markets include it and stay on; the period markets are settled. */
  private overtimeOutlook(elapsed: number): { outlook: PointsOutlook; score: Pair } {
    const { regulation, sdMargin, sdTotal, rate } = this.model();
    const left = this.periodId === 12 ? this.remaining(elapsed) : this.s.overtimeMinutes * 60;
    const score = this.scoreNow();
    const share = left / regulation;
    return { score, outlook: normalOutlook(score.home, score.away, rate.home * left, rate.away * left, sdMargin * Math.sqrt(share), sdTotal * Math.sqrt(share)) };
  }

  /** The full-time outlook with the current score, or null when nothing of the game is left to play. */
  private fullTimeOutlook(elapsed: number): { outlook: PointsOutlook; score: Pair } | null {
    if (this.finished()) return null;
    if (this.segmentIndex === -1 && this.started()) return this.overtimeOutlook(elapsed);
    const { regulation, sdMargin, sdTotal, rate } = this.model();
    const o = this.outlookOf(this.segments.map((_, i) => i), elapsed);
    if (!o || o.left <= 0) return null;
    const share = o.left / regulation;
    return { score: o.score, outlook: normalOutlook(o.score.home, o.score.away, rate.home * o.left, rate.away * o.left, sdMargin * Math.sqrt(share), sdTotal * Math.sqrt(share)) };
  }

  /** The joint of the margin and total the full-time quotes use (pricing/builder.ts pointsScoreModel). */
  scoreModel(elapsed: number): ScoreModel | null {
    const ft = this.fullTimeOutlook(elapsed);
    return ft ? pointsScoreModel(ft.outlook.margin, ft.outlook.total, ft.score, true) : null;
  }

  private outlookOf(segments: readonly number[], elapsed: number): { score: Pair; left: number } | null {
    let left = 0;
    const score = { home: 0, away: 0 };
    let open = false;
    for (const i of segments) {
      const seg = this.segments[i] as Segment;
      const row = this.book.get(seg.periodId, Tyg.Goals);
      score.home += row.home;
      score.away += row.away;
      if (i < this.played) continue;
      open = true;
      left += i === this.segmentIndex && this.periodId === seg.periodId ? this.remaining(elapsed) : seg.seconds;
    }
    return open ? { score, left } : null;
  }

  quotes(elapsed: number, ctx: QuoteContext): Quote[] {
    if (this.finished()) return [];
    const { regulation, sdMargin, sdTotal, rate } = this.model();
    const quotes: Quote[] = [];
    if (this.segmentIndex === -1 && this.started()) {
      const { outlook, score } = this.overtimeOutlook(elapsed);
      quotes.push(winnerMarket(ctx, 'ft', outlook.margin, 'overtime'));
      quotes.push(...lineMarkets(ctx, 'ft', outlook, score.home + score.away, { spreadAlts: [-3, 3], totalAlts: [-5, 5], oddEven: true }));
      return quotes;
    }
    const build = (period: string, segments: readonly number[], alts: { spread: number; total: number } | null, ft: boolean): void => {
      const o = this.outlookOf(segments, elapsed);
      if (!o || o.left <= 0) return;
      const share = o.left / regulation;
      const outlook = normalOutlook(o.score.home, o.score.away, rate.home * o.left, rate.away * o.left, sdMargin * Math.sqrt(share), sdTotal * Math.sqrt(share));
      quotes.push(winnerMarket(ctx, period, outlook.margin, ft ? 'overtime' : 'push'));
      const spreadAlts = alts ? [-alts.spread, alts.spread] : [];
      const totalAlts = alts ? [-alts.total, alts.total] : [];
      quotes.push(...lineMarkets(ctx, period, outlook, o.score.home + o.score.away, { spreadAlts, totalAlts, oddEven: ft }));
    };
    const all = this.segments.map((_, i) => i);
    build('ft', all, { spread: 3, total: 5 }, true);
    this.segments.forEach((seg, i) => {
      for (const m of seg.markets) {
        if (m.startsWith('q')) build(m, [i], null, false);
      }
    });
    for (const half of ['1h', '2h']) {
      const segs = all.filter((i) => (this.segments[i] as Segment).markets.includes(half));
      build(half, segs, null, false);
    }
    return quotes;
  }

  private periodTotals(periodIds: readonly number[]): PeriodTotals {
    const goals = { home: 0, away: 0 };
    for (const id of periodIds) {
      const row = this.book.get(id, Tyg.Goals);
      goals.home += row.home;
      goals.away += row.away;
    }
    return { goals };
  }

  final(): FinalScores {
    const periods: Record<string, PeriodTotals> = { ft: { goals: this.scoreNow() } };
    const completed: string[] = [];
    const done = (i: number): boolean => i < this.played;
    this.segments.forEach((seg, i) => {
      for (const m of seg.markets) {
        if (m.startsWith('q')) {
          periods[m] = this.periodTotals([seg.periodId]);
          if (done(i)) completed.push(m);
        }
      }
    });
    for (const half of ['1h', '2h']) {
      const idx = this.segments.map((s, i) => (s.markets.includes(half) ? i : -1)).filter((i) => i >= 0);
      periods[half] = this.periodTotals(idx.map((i) => (this.segments[i] as Segment).periodId));
      if (idx.every(done)) completed.push(half);
    }
    const s = this.scoreNow();
    return { periods, completed, winner: this.finished() ? (s.home > s.away ? 'home' : 'away') : null };
  }
}
