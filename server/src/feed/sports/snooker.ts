import { PE_TOTAL, SportEvent, Tyg } from '../codes';
import { text, type Text } from '../i18n';
import { normCdf } from '../pricing/distributions';
import { halfLines, handicapQuotes, LINE_KEEP, totalQuotes, winnerQuote, type Quote, type QuoteContext } from '../pricing/quote';
import { frameRace, mapToDist } from '../pricing/rally';
import { frameName, periodTable } from '../texts/periods';
import type { FinalScores, Pair, PeriodTotals, Side } from '../types';
import { other, ScoredSim, type StatDefs } from './sim';

export interface SnookerSetup {
  seed: number;
  bestOf: number;
  /** P(home wins a frame). */
  p: number;
}

const STATS: StatDefs = [
  ['highestBreak', text('最高单杆', '最高單桿', 'Highest Break', 'Break cao nhất', 'เบรกสูงสุด')],
  ['fiftyBreaks', text('50+单杆', '50+單桿', '50+ Breaks', 'Break 50+', 'เบรก 50+')],
  ['centuries', text('破百', '破百', 'Century Breaks', 'Break 100+', 'เซนจูรีเบรก')],
  ['pointsScored', text('总得分', '總得分', 'Points Scored', 'Tổng điểm', 'คะแนนรวม')],
];

const TABLE_POINTS = 147;

/** Snooker: frames of alternating visits; a frame ends when the trailer cannot catch up. */
export class SnookerSim extends ScoredSim {
  readonly periods = periodTable(16);
  readonly bo: number;
  private readonly s: SnookerSetup;
  private frames: Pair = { home: 0, away: 0 };
  private points: Pair = { home: 0, away: 0 };
  private remaining = TABLE_POINTS;
  private frameNo = 0;
  private readonly framePoints: Pair[] = [];

  constructor(setup: SnookerSetup) {
    super(setup.seed, STATS);
    this.s = setup;
    this.bo = setup.bestOf;
  }

  protected *run(): Generator<number, void, void> {
    const need = Math.ceil(this.s.bestOf / 2);
    const atTable: Side = this.rng.chance(0.5) ? 'home' : 'away';
    while (this.frames.home < need && this.frames.away < need) {
      this.frameNo++;
      this.points = { home: 0, away: 0 };
      this.remaining = TABLE_POINTS;
      this.periodId = this.periods.id('frameInPlay');
      this.book.set(1, Tyg.Goals, 0, 0);
      this.periodChanged();
      this.emit({ type: SportEvent.PeriodStart, code: 'periodStart', second: 0, period: this.periodId, team: null, params: { period: frameName(this.frameNo) } });
      // Whoever breaks off alternates frame by frame.
      let visitor: Side = this.frameNo % 2 === 1 ? atTable : other(atTable);
      while (!this.frameOver()) {
        yield this.now + this.rng.range(25_000, 110_000);
        this.visit(visitor);
        visitor = other(visitor);
      }
      if (this.points.home === this.points.away) {
        // A tied frame goes to a re-spotted black.
        const black: Side = this.rng.chance(this.s.p) ? 'home' : 'away';
        this.points[black] += 7;
        this.book.add(1, Tyg.Goals, black, 7, false);
      }
      const winner: Side = this.points.home > this.points.away ? 'home' : 'away';
      this.frames[winner]++;
      this.framePoints.push({ ...this.points });
      this.book.add(PE_TOTAL, Tyg.Frames, winner);
      this.scored();
      this.emit({
        type: SportEvent.FrameWon,
        code: 'frameWon',
        second: 0,
        period: this.periodId,
        team: winner,
        params: { period: frameName(this.frameNo), framePoints: `${this.points.home}-${this.points.away}`, score: `${this.frames.home}-${this.frames.away}` },
      });
      if (this.frames.home < need && this.frames.away < need) {
        const interval = this.s.bestOf >= 9 && this.frameNo === 4;
        this.periodId = this.periods.id(interval ? 'interval' : 'betweenFrames');
        this.periodChanged();
        yield this.now + (interval ? 15 * 60_000 : this.rng.range(60_000, 150_000));
      }
    }
    this.periodId = this.periods.finished;
    this.periodChanged();
    this.emit({ type: SportEvent.MatchEnd, code: 'matchEnd', second: 0, period: this.periodId, team: null, params: { score: `${this.frames.home}-${this.frames.away}` } });
  }

  private frameOver(): boolean {
    const lead = Math.abs(this.points.home - this.points.away);
    return this.remaining <= 0 || (this.remaining < lead && this.remaining < 40);
  }

  /** A visit scores nothing, a few points or a break; the stronger player builds bigger breaks. */
  private visit(side: Side): void {
    const edge = side === 'home' ? this.s.p : 1 - this.s.p;
    const r = this.rng.next();
    let scored = 0;
    if (r < 0.42 - 0.12 * (edge - 0.5)) scored = 0;
    else if (r < 0.8) scored = this.rng.int(1, 20);
    else if (r < 0.93) scored = this.rng.int(20, 60);
    else scored = this.rng.int(60, 147);
    scored = Math.min(scored, this.remaining);
    if (scored === 0) return;
    this.points[side] += scored;
    this.remaining -= scored;
    this.book.add(1, Tyg.Goals, side, scored, false);
    this.statBook.add('pointsScored', side, scored);
    const best = this.statBook.get('highestBreak');
    if (scored > best[side]) this.statBook.set('highestBreak', side === 'home' ? scored : best.home, side === 'away' ? scored : best.away);
    if (scored >= 50) this.statBook.add('fiftyBreaks', side);
    if (scored >= 100) this.statBook.add('centuries', side);
    this.scored();
    if (scored >= 20) this.emit({ type: SportEvent.Break, code: 'snookerBreak', second: 0, period: this.periodId, team: side, params: { points: scored } });
  }

  /** P(home wins the current frame) from the lead and what is left on the table. */
  private currentFrame(): number {
    if (this.periodId !== this.periods.id('frameInPlay')) return this.s.p;
    const lead = this.points.home - this.points.away;
    const z = (lead + (2 * this.s.p - 1) * this.remaining * 0.3) / (0.35 * this.remaining + 5);
    return Math.min(0.995, Math.max(0.005, normCdf(z)));
  }

  override periodText(): Text {
    return this.periodId === this.periods.id('frameInPlay') ? frameName(this.frameNo) : this.periods.name(this.periodId);
  }

  score(): Pair {
    return { ...this.frames };
  }

  quotes(_elapsed: number, ctx: QuoteContext): Quote[] {
    if (this.finished()) return [];
    const need = Math.ceil(this.s.bestOf / 2);
    const inFrame = this.periodId === this.periods.id('frameInPlay');
    const pCurrent = this.currentFrame();
    const race = frameRace(this.s.p, pCurrent, need, this.frames.home, this.frames.away);
    const quotes: Quote[] = [winnerQuote(ctx, { key: 'ml', kind: 'moneyLine', period: 'ft', unit: 'sets' }, race.pMatch, 1 - race.pMatch)];
    quotes.push(...handicapQuotes(ctx, { key: 'ah', kind: 'spread', period: 'ft', unit: 'sets', dist: mapToDist(race.diff), candidates: halfLines(0, need), alts: [], keep: LINE_KEEP }));
    const played = this.frames.home + this.frames.away;
    quotes.push(...totalQuotes(ctx, { key: 'ou', kind: 'total', period: 'ft', unit: 'sets', dist: mapToDist(race.total), candidates: halfLines(need * 1.6, need, played), alts: [], keep: LINE_KEEP }));
    const frame = inFrame ? this.frameNo : this.frameNo + 1;
    quotes.push(winnerQuote(ctx, { key: 'ml', kind: 'moneyLine', period: `frame${frame}`, unit: 'points' }, inFrame ? pCurrent : this.s.p, inFrame ? 1 - pCurrent : 1 - this.s.p));
    return quotes;
  }

  final(): FinalScores {
    const periods: Record<string, PeriodTotals> = { ft: { sets: { ...this.frames } } };
    this.framePoints.forEach((p, i) => {
      periods[`frame${i + 1}`] = { points: { ...p } };
    });
    const completed = this.framePoints.map((_, i) => `frame${i + 1}`);
    if (this.finished()) completed.push('ft');
    return { periods, completed, winner: this.finished() ? (this.frames.home > this.frames.away ? 'home' : 'away') : null };
  }
}
