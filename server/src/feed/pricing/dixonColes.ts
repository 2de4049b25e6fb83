import type { Dist } from './distributions';
import { poissonPmf } from './distributions';

// Module-scope copies: under jest's vm context each global (Math) lookup is slower than the arithmetic.
const { max, min, round, sqrt } = Math;


/** Goals per side the matrix carries; the mass beyond is below 1e-6 for any realistic mean. */
export const MATRIX_GOALS = 10;

/** Scoring speeds up through a match: the expected goals left after t of T minutes is lambda (1 - t/T)^0.84 (DOMAIN.md section 6). */
export const TIME_EXPONENT = 0.84;

export function remainingShare(minutesLeft: number, totalMinutes: number): number {
  if (minutesLeft <= 0) return 0;
  return min(1, minutesLeft / totalMinutes) ** TIME_EXPONENT;
}

/** Dixon-Coles low-score correction. */
export function tau(i: number, j: number, lambda: number, mu: number, rho: number): number {
  if (i === 0 && j === 0) return 1 - lambda * mu * rho;
  if (i === 0 && j === 1) return 1 + lambda * rho;
  if (i === 1 && j === 0) return 1 + mu * rho;
  if (i === 1 && j === 1) return 1 - rho;
  return 1;
}

/**
 * Score matrix P(home i, away j), row-major with side MATRIX_GOALS + 1, renormalised after the
 * cut. With means near 0 the correction could turn negative, so it is clamped at 0.
 */
export function scoreMatrix(lambda: number, mu: number, rho: number, size = MATRIX_GOALS): Float64Array {
  const n = size + 1;
  const ph = poissonPmf(lambda, size);
  const pa = poissonPmf(mu, size);
  const m = new Float64Array(n * n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const v = max(0, (ph[i] as number) * (pa[j] as number) * tau(i, j, lambda, mu, rho));
      m[i * n + j] = v;
      sum += v;
    }
  }
  for (let k = 0; k < m.length; k++) m[k] = (m[k] as number) / sum;
  return m;
}

export function matrixSide(m: Float64Array): number {
  return round(sqrt(m.length));
}

/** Home, draw and away probabilities of final scores (h0 + i, a0 + j). */
export function outcomes(m: Float64Array, h0 = 0, a0 = 0): { home: number; draw: number; away: number } {
  const n = matrixSide(m);
  let home = 0;
  let draw = 0;
  let away = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const v = m[i * n + j] as number;
      const d = h0 + i - (a0 + j);
      if (d > 0) home += v;
      else if (d < 0) away += v;
      else draw += v;
    }
  }
  return { home, draw, away };
}

/** Distribution of the final goal difference (home minus away). */
export function differenceDist(m: Float64Array, h0 = 0, a0 = 0): Dist {
  const n = matrixSide(m);
  const p = new Float64Array(2 * n - 1);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) p[i - j + n - 1] = (p[i - j + n - 1] as number) + (m[i * n + j] as number);
  return { offset: h0 - a0 - (n - 1), p };
}

/** Distribution of the final total goals. */
export function totalDist(m: Float64Array, h0 = 0, a0 = 0): Dist {
  const n = matrixSide(m);
  const p = new Float64Array(2 * n - 1);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) p[i + j] = (p[i + j] as number) + (m[i * n + j] as number);
  return { offset: h0 + a0, p };
}
