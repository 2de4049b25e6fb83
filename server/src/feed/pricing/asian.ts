import type { Dist } from './distributions';

// Module-scope copies: under jest's vm context each global (Math) lookup is slower than the arithmetic.
const { abs, round, floor, ceil } = Math;


/**
 * Asian lines (DOMAIN.md section 2). A side wins a half when X + line > 0 and pushes on 0, where X
 * is the settling variable seen from that side (home minus away for a handicap, total minus the
 * line for an over). A quarter line splits into the two lines 0.25 either side.
 */
export function isQuarter(line: number): boolean {
  return abs(round(line * 4)) % 2 === 1;
}

export function halves(line: number): number[] {
  return isQuarter(line) ? [line - 0.25, line + 0.25] : [line];
}

/**
 * Win and lose weights of the side that wins when X + line > 0: each half counts half. A price
 * that returns the stake on a push must satisfy d = (win + lose) / win, so the fair probability
 * of the side is win / (win + lose) and the two sides' probabilities add up to exactly 1.
 */
const cumulative = new WeakMap<Dist, Float64Array>();

/** P(X <= offset + i) for each i, computed once per distribution. */
function cdfOf(d: Dist): Float64Array {
  let c = cumulative.get(d);
  if (!c) {
    c = new Float64Array(d.p.length);
    let sum = 0;
    for (let i = 0; i < d.p.length; i++) {
      sum += d.p[i] as number;
      c[i] = sum;
    }
    cumulative.set(d, c);
  }
  return c;
}

/** P(X <= k) for an integer k. */
function atMost(d: Dist, c: Float64Array, k: number): number {
  const i = k - d.offset;
  if (i < 0) return 0;
  if (i >= c.length) return c[c.length - 1] as number;
  return c[i] as number;
}

function asianWeights(d: Dist, line: number): { win: number; lose: number } {
  const c = cdfOf(d);
  const total = c[c.length - 1] as number;
  const parts = halves(line);
  const share = 1 / parts.length;
  let win = 0;
  let lose = 0;
  for (const h of parts) {
    // X + h > 0 wins: X > -h; X + h < 0 loses: X < -h.
    const t = -h;
    const integer = abs(t - round(t)) < 1e-9;
    const loseUpTo = integer ? round(t) - 1 : floor(t);
    const winFrom = integer ? round(t) + 1 : ceil(t);
    lose += share * atMost(d, c, loseUpTo);
    win += share * (total - atMost(d, c, winFrom - 1));
  }
  return { win, lose };
}

/** Fair probability of the positive side on a line, null when the line can only push. */
export function asianProbability(d: Dist, line: number): number | null {
  const { win, lose } = asianWeights(d, line);
  const total = win + lose;
  return total > 1e-12 ? win / total : null;
}

/** "-0.75", "0", "2.5": home's handicap or the total, without a plus sign. */
export function formatLine(line: number): string {
  const rounded = round(line * 100) / 100;
  return Object.is(rounded, -0) || rounded === 0 ? '0' : String(rounded);
}

export function negateLine(line: number): number {
  return line === 0 ? 0 : -line;
}

/**
 * The main line: the candidate whose price is nearest even money. The current line stays while
 * its probability is within `keep` of 0.5, so a line does not flap on every small price move.
 * Candidates are sorted and the price is monotone in the line, so a binary search finds where it
 * crosses even money and only the neighbours are compared.
 */
export function chooseMainLine(q: (line: number) => number | null, candidates: readonly number[], current: number | undefined, keep: number): number | undefined {
  if (current !== undefined) {
    const qc = q(current);
    if (qc !== null && abs(qc - 0.5) <= keep) return current;
  }
  if (candidates.length === 0) return undefined;
  const first = q(candidates[0] as number);
  const last = q(candidates[candidates.length - 1] as number);
  const rising = first === null || last === null ? true : last >= first;
  let lo = 0;
  let hi = candidates.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const v = q(candidates[mid] as number);
    const below = v === null ? false : rising ? v < 0.5 : v > 0.5;
    if (below) lo = mid + 1;
    else hi = mid;
  }
  let best: number | undefined;
  let bestGap = Infinity;
  for (let i = Math.max(0, lo - 1); i <= Math.min(candidates.length - 1, lo + 1); i++) {
    const line = candidates[i] as number;
    const v = q(line);
    if (v === null) continue;
    const gap = abs(v - 0.5);
    if (gap < bestGap - 1e-12) {
      best = line;
      bestGap = gap;
    }
  }
  return best;
}

export function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let x = from; x <= to + 1e-9; x += step) out.push(round(x * 100) / 100);
  return out;
}
