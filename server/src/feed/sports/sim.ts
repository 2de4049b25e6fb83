import { PE_TOTAL } from '../codes';
import type { Text, TextParam } from '../i18n';
import type { ScoreModel } from '../pricing/builder';
import type { Quote, QuoteContext } from '../pricing/quote';
import { Rng } from '../random';
import type { PeriodTable } from '../texts/periods';
import type { MatchClock, ScoreRow } from '../../../../contract/shapes';
import type { FinalScores, Pair, PlayerRef, Side, StatItem } from '../types';

// Module-scope copies: under jest's vm context each global (Math) lookup is slower than the arithmetic.
const { ceil, floor, max } = Math;


/** What a simulation step reports; the engine turns it into events, score pushes and repricing. */
export interface SimEvent {
  type: number;
  code: string;
  /** Live ms since kick-off. */
  elapsed: number;
  second: number;
  period: number;
  team: Side | null;
  player?: PlayerRef;
  related?: PlayerRef;
  params?: Readonly<Record<string, TextParam>>;
  dangerous?: boolean;
  /** Extra structured data a text-live entry needs (basketball section and clock). */
  section?: number;
  clockText?: string;
}

export interface SimOutput {
  events: SimEvent[];
  scoreChanged: boolean;
  periodChanged: boolean;
}

export function emptyOutput(): SimOutput {
  return { events: [], scoreChanged: false, periodChanged: false };
}

/**
 * One match's simulation, driven in live milliseconds since kick-off (the engine maps simulated
 * time to it and leaves out interruptions). It is a pure function of its seed: how often the
 * engine steps it never changes what happens.
 */
export interface SportSim {
  readonly periods: PeriodTable;
  /** Live ms of the next transition; Infinity once the match is over. */
  nextAt(): number;
  step(out: SimOutput): void;
  period(): number;
  periodText(): Text;
  started(): boolean;
  finished(): boolean;
  clock(elapsed: number): MatchClock;
  score(): Pair;
  scoreRows(): ScoreRow[];
  serve(): 0 | 1 | 2;
  stats(): StatItem[];
  quotes(elapsed: number, ctx: QuoteContext): Quote[];
  /**
   * The joint distribution of the final full-time score the full-time quotes come from, for bet builders
   * (pricing/builder.ts); absent for a sport without one, null once full time is decided.
   */
  scoreModel?(elapsed: number): ScoreModel | null;
  /** Final scores per market period; for an abandoned match only `completed` periods count. */
  final(): FinalScores;
  /** Best-of (sets, frames), scheduled rounds, or 0. */
  readonly bo: number;
}

/** Score rows keyed by period and type; pe 0 keeps the match total. */
export class ScoreBook {
  private readonly rows = new Map<number, ScoreRow>();

  private row(pe: number, tyg: number): ScoreRow {
    const key = pe * 100 + tyg;
    let r = this.rows.get(key);
    if (!r) {
      r = { pe, tyg, home: 0, away: 0 };
      this.rows.set(key, r);
    }
    return r;
  }

  /** Adds to the period's row and, unless told otherwise, to the match total. */
  add(pe: number, tyg: number, side: Side, n = 1, total = true): void {
    this.row(pe, tyg)[side] += n;
    if (total && pe !== PE_TOTAL) this.row(PE_TOTAL, tyg)[side] += n;
  }

  set(pe: number, tyg: number, home: number, away: number): void {
    const r = this.row(pe, tyg);
    r.home = home;
    r.away = away;
  }

  /** Makes sure a row exists (a period that ended 0-0 still shows). */
  touch(pe: number, tyg: number): void {
    this.row(pe, tyg);
  }

  get(pe: number, tyg: number): Pair {
    const r = this.rows.get(pe * 100 + tyg);
    return r ? { home: r.home, away: r.away } : { home: 0, away: 0 };
  }

  list(): ScoreRow[] {
    return [...this.rows.values()].sort((a, b) => a.pe - b.pe || a.tyg - b.tyg).map((r) => ({ ...r }));
  }
}

/** A sport's running statistics: key and name in every language, in the order they show. */
export type StatDefs = ReadonlyArray<readonly [string, Text]>;

/** Running statistics, in a fixed order with names in every language. */
export class StatBook {
  private readonly values = new Map<string, { name: Text; home: number; away: number }>();

  constructor(defs: StatDefs) {
    for (const [key, name] of defs) this.values.set(key, { name, home: 0, away: 0 });
  }

  add(key: string, side: Side, n = 1): void {
    const v = this.values.get(key);
    if (v) v[side] += n;
  }

  set(key: string, home: number, away: number): void {
    const v = this.values.get(key);
    if (v) {
      v.home = home;
      v.away = away;
    }
  }

  get(key: string): Pair {
    const v = this.values.get(key);
    return { home: v?.home ?? 0, away: v?.away ?? 0 };
  }

  list(): StatItem[] {
    return [...this.values].map(([key, v]) => ({ key, name: v.name, home: v.home, away: v.away }));
  }
}

export const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/**
 * A simulation written as a script: a generator that yields the live ms it waits for and runs on
 * from there, which keeps each sport's flow readable top to bottom. The script starts at 0 ms
 * (kick-off); until then the match is in its pre-match state.
 */
export abstract class ScriptedSim implements Omit<SportSim, 'periods' | 'bo' | 'period' | 'periodText' | 'clock' | 'score' | 'scoreRows' | 'serve' | 'stats' | 'quotes' | 'final'> {
  protected readonly rng: Rng;
  /** Live ms of the step being run. */
  protected now = 0;
  private out: SimOutput | null = null;
  private script: Generator<number, void, void> | null = null;
  private due = 0;
  private done = false;

  constructor(seed: number) {
    this.rng = new Rng(seed);
  }

  protected abstract run(): Generator<number, void, void>;

  nextAt(): number {
    return this.done ? Infinity : this.due;
  }

  started(): boolean {
    return this.script !== null;
  }

  finished(): boolean {
    return this.done;
  }

  step(out: SimOutput): void {
    if (this.done) return;
    this.out = out;
    this.now = this.due;
    if (!this.script) this.script = this.run();
    const r = this.script.next();
    if (r.done) this.done = true;
    // Whole milliseconds keep event times and result timestamps integral.
    else this.due = max(this.now, ceil(r.value));
    this.out = null;
  }

  protected output(): SimOutput {
    if (!this.out) throw new Error('simulation output used outside a step');
    return this.out;
  }

  protected emit(e: Omit<SimEvent, 'elapsed'>): void {
    this.output().events.push({ ...e, elapsed: this.now });
  }

  protected scored(): void {
    this.output().scoreChanged = true;
  }

  protected periodChanged(): void {
    this.output().periodChanged = true;
    this.output().scoreChanged = true;
  }
}

/**
 * A scripted simulation with what every sport keeps and reports the same way: its score rows, its running statistics
 * and its current period. A sport adds its script, its score, quotes and final scores, and where it has them its
 * clock (untimed here) and the serve (none here).
 */
export abstract class ScoredSim extends ScriptedSim implements SportSim {
  abstract readonly periods: PeriodTable;
  abstract readonly bo: number;
  protected readonly book = new ScoreBook();
  protected readonly statBook: StatBook;
  protected periodId = 0;

  constructor(seed: number, stats: StatDefs) {
    super(seed);
    this.statBook = new StatBook(stats);
  }

  abstract score(): Pair;
  abstract quotes(elapsed: number, ctx: QuoteContext): Quote[];
  abstract final(): FinalScores;

  period(): number {
    return this.periodId;
  }

  periodText(): Text {
    return this.periods.name(this.periodId);
  }

  clock(_elapsed: number): MatchClock {
    return { running: false, period: this.periodId, second: 0, type: 'none' };
  }

  scoreRows(): ScoreRow[] {
    return this.book.list();
  }

  serve(): 0 | 1 | 2 {
    return 0;
  }

  stats(): StatItem[] {
    return this.statBook.list();
  }
}

/** mm:ss of a clock value in seconds. */
export function mmss(seconds: number): string {
  const s = max(0, floor(seconds));
  return `${String(floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
