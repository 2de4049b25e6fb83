// Module-scope copies: under jest's vm context each global (Math) lookup is slower than the arithmetic.
const { exp, abs, floor, ceil, max } = Math;

/** A distribution over integers: P(X = offset + i) = p[i]. */
export interface Dist {
  offset: number;
  p: Float64Array;
}

export function poissonPmf(mean: number, max: number): Float64Array {
  const out = new Float64Array(max + 1);
  let term = exp(-mean);
  for (let k = 0; k <= max; k++) {
    out[k] = term;
    term *= mean / (k + 1);
  }
  return out;
}

/** Standard normal CDF; Abramowitz-Stegun 26.2.17 (absolute error below 7.5e-8), ample for prices with 3 decimals. */
export function normCdf(x: number): number {
  if (x < -10) return 0;
  if (x > 10) return 1;
  const t = 1 / (1 + 0.2316419 * abs(x));
  const d = 0.3989422804014327 * exp((-x * x) / 2);
  const tail = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x >= 0 ? 1 - tail : tail;
}

/** A normal variable rounded to integers, cut at +-5 sd and renormalised. */
export function discreteNormal(mean: number, sd: number): Dist {
  const s = max(sd, 0.05);
  const lo = floor(mean - 5 * s);
  const hi = ceil(mean + 5 * s);
  const p = new Float64Array(hi - lo + 1);
  let sum = 0;
  let below = normCdf((lo - 0.5 - mean) / s);
  for (let k = lo; k <= hi; k++) {
    const upTo = normCdf((k + 0.5 - mean) / s);
    p[k - lo] = upTo - below;
    sum += upTo - below;
    below = upTo;
  }
  for (let i = 0; i < p.length; i++) p[i] = (p[i] as number) / sum;
  return { offset: lo, p };
}

/** Distribution of X + Y for independent X and Y. */
export function convolve(a: Dist, b: Dist): Dist {
  const p = new Float64Array(a.p.length + b.p.length - 1);
  for (let i = 0; i < a.p.length; i++) {
    const ai = a.p[i] as number;
    if (ai === 0) continue;
    for (let j = 0; j < b.p.length; j++) p[i + j] = (p[i + j] as number) + ai * (b.p[j] as number);
  }
  return { offset: a.offset + b.offset, p };
}

export function shift(d: Dist, by: number): Dist {
  return { offset: d.offset + by, p: d.p };
}

export function prob(d: Dist, predicate: (x: number) => boolean): number {
  let sum = 0;
  for (let i = 0; i < d.p.length; i++) if (predicate(d.offset + i)) sum += d.p[i] as number;
  return sum;
}

export function mean(d: Dist): number {
  let sum = 0;
  for (let i = 0; i < d.p.length; i++) sum += (d.offset + i) * (d.p[i] as number);
  return sum;
}
