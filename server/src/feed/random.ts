/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit generator that is tiny, fast and fully
 * determined by its seed, so one FEED_SEED replays the same world. The feed never calls
 * Math.random; every stream (a slot of the schedule, a match, a team) gets its own generator from
 * `seedOf`, which keeps one stream's draws from shifting another's.
 */
// Module-scope copies: under jest's vm context every global lookup (Math) goes through an
// interceptor and costs more than the arithmetic; the feed draws millions of numbers.
const { imul, floor, log, sqrt, cos, PI } = Math;

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** murmur3's 32-bit finaliser: spreads every input bit over the output. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** One 32-bit seed from any parts; numbers beyond 32 bits (timestamps) keep their high bits. */
export function seedOf(...parts: ReadonlyArray<number | string>): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    if (typeof part === 'string') {
      h = fmix32(h ^ hashString(part));
    } else {
      const lo = part >>> 0;
      const hi = floor(part / 4294967296) >>> 0;
      h = fmix32(fmix32(h ^ lo) ^ hi);
    }
  }
  return h;
}

export class Rng {
  private readonly draw: () => number;

  constructor(seed: number) {
    this.draw = mulberry32(seed);
  }

  static of(...parts: ReadonlyArray<number | string>): Rng {
    return new Rng(seedOf(...parts));
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.draw();
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.draw();
  }

  /** Integer in [lo, hi], both ends included. */
  int(lo: number, hi: number): number {
    return lo + floor(this.draw() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.draw() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[floor(this.draw() * items.length)] as T;
  }

  /** Index drawn with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.draw() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] as number;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** Box-Muller; two uniforms per call so the stream stays aligned whatever the caller does. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.draw();
    const v = this.draw();
    return mean + sd * sqrt(-2 * log(u)) * cos(2 * PI * v);
  }

  exp(mean: number): number {
    return -log(1 - this.draw()) * mean;
  }

  /** Knuth's product method; means here stay small (goals, runs). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) return Math.max(0, Math.round(this.normal(mean, sqrt(mean))));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.draw();
    while (p > limit) {
      k++;
      p *= this.draw();
    }
    return k;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = floor(this.draw() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}
