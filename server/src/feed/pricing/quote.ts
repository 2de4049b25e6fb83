import type { MarketKey, MarketKind } from '../codes';
import { mapText, type Text } from '../i18n';
import { OPTION_NAMES } from '../texts/markets';
import type { ScoreUnit } from '../types';
import { asianProbability, chooseMainLine, formatLine, negateLine } from './asian';
import { prob, type Dist } from './distributions';

export interface QuoteOption {
  type: string;
  /** Fair probability; the options of a quote add up to 1. */
  p: number;
  name: Text;
  line?: string;
}

/**
 * A priced market as a sport model sees it, before ids, margin and status. `slot` names the
 * market's place (e.g. "ah:ft:main"); a new line in the same slot becomes a new market id.
 */
export interface Quote {
  slot: string;
  key: MarketKey;
  kind: MarketKind;
  period: string;
  unit: ScoreUnit;
  line?: number;
  options: QuoteOption[];
  allowParley: boolean;
}

/**
 * A main line holds while its fair probability stays within this of even money (fair odds about
 * 1.55 to 2.8); moving it sooner would replace market ids on every basket.
 */
export const LINE_KEEP = 0.14;

export interface QuoteContext {
  home: Text;
  away: Text;
  /** The line currently in a slot, so a main line can hold until the price drifts far enough. */
  prevLine(slot: string): number | undefined;
}

interface Base {
  key: MarketKey;
  kind: MarketKind;
  period: string;
  unit: ScoreUnit;
  allowParley?: boolean;
}

function quote(slot: string, base: Base, options: QuoteOption[], line?: number): Quote {
  const q: Quote = { slot, key: base.key, kind: base.kind, period: base.period, unit: base.unit, options, allowParley: base.allowParley ?? true };
  if (line !== undefined) q.line = line;
  return q;
}

/** Home / (draw) / away; pass pDraw for a three-way market. */
export function winnerQuote(ctx: QuoteContext, base: Base, pHome: number, pAway: number, pDraw?: number): Quote {
  const options: QuoteOption[] = [{ type: 'home', p: pHome, name: ctx.home }];
  if (pDraw !== undefined) options.push({ type: 'draw', p: pDraw, name: OPTION_NAMES.draw });
  options.push({ type: 'away', p: pAway, name: ctx.away });
  const sum = options.reduce((s, o) => s + o.p, 0);
  for (const o of options) o.p /= sum;
  return quote(`${base.key}:${base.kind}:${base.period}`, base, options);
}

export interface LineSpec extends Base {
  /** Distribution of home minus away (handicap) or of the total (over/under), final values. */
  dist: Dist;
  candidates: readonly number[];
  /** Offsets of the alternative lines from the main line. */
  alts: readonly number[];
  /** How far from even money the current main line may drift before it moves. */
  keep: number;
  /** Lines the market may use (baseball and hockey keep their handicap at 1.5 or more). */
  allowed?: (line: number) => boolean;
}

function lineSlots(spec: LineSpec, ctx: QuoteContext, q: (line: number) => number | null): Array<{ slot: string; line: number }> {
  const prefix = `${spec.key}:${spec.kind}:${spec.period}`;
  const mainSlot = `${prefix}:main`;
  const allowed = spec.allowed ?? (() => true);
  const prev = ctx.prevLine(mainSlot);
  const main = chooseMainLine(q, spec.candidates.filter(allowed), prev !== undefined && allowed(prev) ? prev : undefined, spec.keep);
  if (main === undefined) return [];
  const alts = spec.alts.map((offset, i) => ({ slot: `${prefix}:alt${i}`, line: Math.round((main + offset) * 100) / 100 })).filter((a) => allowed(a.line));
  return [{ slot: mainSlot, line: main }, ...alts];
}

/** Main handicap line (home's handicap) and its alternatives. */
export function handicapQuotes(ctx: QuoteContext, spec: LineSpec): Quote[] {
  const q = (line: number): number | null => asianProbability(spec.dist, line);
  return lineSlots(spec, ctx, q).flatMap(({ slot, line }) => {
    const pHome = q(line);
    if (pHome === null) return [];
    return [
      quote(
        slot,
        spec,
        [
          { type: 'home', p: pHome, name: ctx.home, line: formatLine(line) },
          { type: 'away', p: 1 - pHome, name: ctx.away, line: formatLine(negateLine(line)) },
        ],
        line,
      ),
    ];
  });
}

/** Main total line and its alternatives. */
export function totalQuotes(ctx: QuoteContext, spec: LineSpec): Quote[] {
  const q = (line: number): number | null => asianProbability(spec.dist, -line);
  return lineSlots(spec, ctx, q).flatMap(({ slot, line }) => {
    const pOver = q(line);
    if (pOver === null) return [];
    const l = formatLine(line);
    return [
      quote(
        slot,
        spec,
        [
          { type: 'over', p: pOver, name: OPTION_NAMES.over, line: l },
          { type: 'under', p: 1 - pOver, name: OPTION_NAMES.under, line: l },
        ],
        line,
      ),
    ];
  });
}

export function oddEvenQuote(base: Base, total: Dist): Quote {
  const pOdd = prob(total, (x) => Math.abs(x) % 2 === 1);
  return quote(`${base.key}:${base.kind}:${base.period}`, base, [
    { type: 'odd', p: pOdd, name: OPTION_NAMES.odd },
    { type: 'even', p: 1 - pOdd, name: OPTION_NAMES.even },
  ]);
}

/** Any multi-way market; options below `floor` are dropped and the rest renormalised. */
export function listQuote(base: Base, options: QuoteOption[], floor = 1e-9): Quote {
  const kept = options.filter((o) => o.p >= floor);
  const sum = kept.reduce((s, o) => s + o.p, 0);
  for (const o of kept) o.p /= sum;
  return quote(`${base.key}:${base.kind}:${base.period}`, base, kept);
}

export function sideName(ctx: QuoteContext, side: 'home' | 'draw' | 'away'): Text {
  return side === 'home' ? ctx.home : side === 'away' ? ctx.away : OPTION_NAMES.draw;
}

export function pairName(a: Text, b: Text): Text {
  return mapText((lang) => `${a[lang]}/${b[lang]}`);
}

/** Lines at a half point around a mean: x.5 from mean - span to mean + span. */
export function halfLines(center: number, span: number, min = -Infinity): number[] {
  const out: number[] = [];
  const lo = Math.floor(center - span);
  const hi = Math.ceil(center + span);
  for (let k = lo; k <= hi; k++) if (k + 0.5 > min) out.push(k + 0.5);
  return out;
}
