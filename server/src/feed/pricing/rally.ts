// Module-scope copies: under jest's vm context each global (Math) lookup is slower than the arithmetic.
const { abs, ceil, min, max } = Math;

/**
 * Rally-point sets (volleyball, beach volleyball, badminton, table tennis) and races to N frames
 * (snooker), from the probability p that home wins a rally (or a frame).
 */

export interface SetRule {
  /** Points to win the set (by two). */
  target: number;
  /** Sudden death at this score (badminton: 30). */
  cap?: number;
}

/** Final set outcomes by total points: win[t] = P(home wins the set with t points played), lose[t] likewise. */
export interface RallyOutcomes {
  win: Float64Array;
  lose: Float64Array;
}

const MAX_EXTRA = 40;

/** Forward pass over the score lattice; the deuce tail beyond MAX_EXTRA points is cut and renormalised. */
export function rallySet(p: number, rule: SetRule, a0 = 0, b0 = 0): RallyOutcomes {
  const limit = 2 * rule.target + MAX_EXTRA;
  const win = new Float64Array(limit + 2);
  const lose = new Float64Array(limit + 2);
  const over = (a: number, b: number): boolean =>
    (rule.cap !== undefined && (a === rule.cap || b === rule.cap)) || ((a >= rule.target || b >= rule.target) && abs(a - b) >= 2);
  // layer[a - a0] = P(reaching (a, b)) with a + b fixed per layer.
  let layer = new Float64Array(limit + 2);
  layer[0] = 1;
  let total = a0 + b0;
  let mass = 0;
  for (; total <= limit; total++) {
    const next = new Float64Array(limit + 2);
    let alive = false;
    for (let i = 0; i < layer.length; i++) {
      const m = layer[i] as number;
      if (m === 0) continue;
      const a = a0 + i;
      const b = total - a;
      if (over(a, b)) {
        if (a > b) win[total] = (win[total] as number) + m;
        else lose[total] = (lose[total] as number) + m;
        mass += m;
        continue;
      }
      next[i + 1] = (next[i + 1] as number) + m * p;
      next[i] = (next[i] as number) + m * (1 - p);
      alive = true;
    }
    if (!alive) break;
    layer = next;
  }
  for (let t = 0; t < win.length; t++) {
    win[t] = (win[t] as number) / mass;
    lose[t] = (lose[t] as number) / mass;
  }
  return { win, lose };
}

const freshSets = new Map<string, RallyOutcomes>();

/** A set from 0-0 depends only on p and the rule; a match reprices many times with the same ones. */
function freshSet(p: number, rule: SetRule): RallyOutcomes {
  const key = `${p}:${rule.target}:${rule.cap ?? 0}`;
  let found = freshSets.get(key);
  if (!found) {
    if (freshSets.size > 2000) freshSets.clear();
    found = rallySet(p, rule);
    freshSets.set(key, found);
  }
  return found;
}

export interface RallyOutlook {
  pMatch: number;
  pSet: number;
  /** Sets home minus away at the end -> probability. */
  setDiff: Map<number, number>;
  /** Total points of the match -> probability. */
  totalPoints: Map<number, number>;
  /** Total points of the current set -> probability. */
  setPoints: Map<number, number>;
}

function addShifted(target: Float64Array, source: Float64Array, outcome: Float64Array): void {
  for (let i = 0; i < source.length; i++) {
    const s = source[i] as number;
    if (s === 0) continue;
    for (let t = 0; t < outcome.length; t++) {
      const o = outcome[t] as number;
      if (o !== 0 && i + t < target.length) target[i + t] = (target[i + t] as number) + s * o;
    }
  }
}

/** Outlook from a live state; `ruleFor(setIndex)` gives each set's rule (deciding sets are often shorter). */
export function rallyOutlook(
  p: number,
  bestOf: number,
  ruleFor: (setIndex: number) => SetRule,
  setsA: number,
  setsB: number,
  pointsSoFar: number,
  pointsA: number,
  pointsB: number,
): RallyOutlook {
  const need = ceil(bestOf / 2);
  const current = rallySet(p, ruleFor(setsA + setsB), pointsA, pointsB);
  const setPoints = new Map<number, number>();
  let pSet = 0;
  for (let t = 0; t < current.win.length; t++) {
    const w = current.win[t] as number;
    const l = current.lose[t] as number;
    if (w + l > 0) setPoints.set(t, w + l);
    pSet += w;
  }
  const setsLeft = bestOf - setsA - setsB;
  const width = pointsSoFar + setsLeft * (2 * ruleFor(0).target + MAX_EXTRA + 2) + 1;
  // states[sa * 16 + sb] = distribution of match points played so far.
  const states = new Map<number, Float64Array>();
  const at = (sa: number, sb: number): Float64Array => {
    let v = states.get(sa * 16 + sb);
    if (!v) {
      v = new Float64Array(width);
      states.set(sa * 16 + sb, v);
    }
    return v;
  };
  const start = new Float64Array(width);
  start[pointsSoFar] = 1;
  addShifted(at(setsA + 1, setsB), start, current.win);
  addShifted(at(setsA, setsB + 1), start, current.lose);
  for (let played = setsA + setsB + 1; played < bestOf; played++) {
    for (let sa = 0; sa <= played; sa++) {
      const sb = played - sa;
      if (sa >= need || sb >= need) continue;
      const v = states.get(sa * 16 + sb);
      if (!v) continue;
      const outcome = freshSet(p, ruleFor(played));
      addShifted(at(sa + 1, sb), v, outcome.win);
      addShifted(at(sa, sb + 1), v, outcome.lose);
    }
  }
  const setDiff = new Map<number, number>();
  const totalPoints = new Map<number, number>();
  let pMatch = 0;
  for (const [key, v] of states) {
    const sa = key >> 4;
    const sb = key & 15;
    if (sa < need && sb < need) continue;
    let m = 0;
    for (let t = 0; t < v.length; t++) {
      const x = v[t] as number;
      if (x === 0) continue;
      m += x;
      totalPoints.set(t, (totalPoints.get(t) ?? 0) + x);
    }
    setDiff.set(sa - sb, (setDiff.get(sa - sb) ?? 0) + m);
    if (sa > sb) pMatch += m;
  }
  return { pMatch, pSet, setDiff, totalPoints, setPoints };
}

/** Race to `need` frames: distribution of the final (home - away) frames and of the total, with the current frame won by home with pCurrent. */
export function frameRace(p: number, pCurrent: number, need: number, framesA: number, framesB: number): { pMatch: number; diff: Map<number, number>; total: Map<number, number> } {
  const diff = new Map<number, number>();
  const total = new Map<number, number>();
  let pMatch = 0;
  let layer = new Map<number, number>([[framesA * 64 + framesB, 1]]);
  let first = true;
  while (layer.size > 0) {
    const next = new Map<number, number>();
    for (const [key, mass] of layer) {
      const a = key >> 6;
      const b = key & 63;
      if (a >= need || b >= need) {
        if (a > b) pMatch += mass;
        diff.set(a - b, (diff.get(a - b) ?? 0) + mass);
        total.set(a + b, (total.get(a + b) ?? 0) + mass);
        continue;
      }
      const pw = first ? pCurrent : p;
      next.set((a + 1) * 64 + b, (next.get((a + 1) * 64 + b) ?? 0) + mass * pw);
      next.set(a * 64 + b + 1, (next.get(a * 64 + b + 1) ?? 0) + mass * (1 - pw));
    }
    first = false;
    layer = next;
  }
  return { pMatch, diff, total };
}

/** A Map of integer -> probability as a dense distribution. */
export function mapToDist(m: Map<number, number>): { offset: number; p: Float64Array } {
  let lo = Infinity;
  let hi = -Infinity;
  let sum = 0;
  for (const [k, v] of m) {
    lo = min(lo, k);
    hi = max(hi, k);
    sum += v;
  }
  if (!Number.isFinite(lo)) return { offset: 0, p: Float64Array.of(1) };
  const p = new Float64Array(hi - lo + 1);
  for (const [k, v] of m) p[k - lo] = v / sum;
  return { offset: lo, p };
}
