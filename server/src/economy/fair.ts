import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provably fair draws and splits (docs/api.md "Provably fair", algorithm "hmac-sha256-v1"). Shared by the platform and
 * `node scripts/verify-fair.mjs <recordId>`, so what the platform did and what a verifier recomputes are the same
 * code; the algorithm is simple enough to redo in any language from the description in docs/api.md:
 *
 * - The server seed is 32 random bytes written as 64 lowercase hex digits. Its hash, SHA-256 of those 64 ASCII
 *   characters in hex, is published when the event is announced; the seed itself once the event is finished.
 * - `hmac(label)` is HMAC-SHA256 keyed with the seed's 64 ASCII characters over `<recordId>:<label>`, in hex.
 * - `uniform(n, label)`: the first 13 hex digits of hmac(`<label>:<attempt>`) read as a 52-bit integer v, attempt
 *   counting from 0; a v at or above the largest multiple of n below 2^52 is rejected (next attempt), else v mod n.
 *   Rejection keeps every index exactly equally likely.
 * - A lottery draw: the qualifying entrants' uids in ascending order; winner i (from 0) is the entrant at
 *   uniform(remaining, `draw:<i>`) of those not drawn yet (removed in place, order kept).
 * - A rain split of B hundredths over N envelopes: weight j = 1 + the first 8 hex digits of hmac(`split:<j>`) as an
 *   integer; envelope j gets 1 + floor((B - N) * weight j / sum of weights) hundredths, and the hundredths that the
 *   floors left (fewer than N) go one each to envelopes 0, 1, ... So every envelope holds at least 0.01 and the
 *   envelopes add up to exactly B. Envelope j goes to the j-th member who receives one.
 */

export const FAIR_VERSION = 'hmac-sha256-v1';

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function seedHashOf(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

function hmac(seed: string, recordId: number, label: string): string {
  return createHmac('sha256', Buffer.from(seed, 'utf8')).update(`${recordId}:${label}`, 'utf8').digest('hex');
}

const TWO_52 = 2 ** 52;

/** A uniformly drawn integer in [0, n): see the module comment. */
export function uniform(seed: string, recordId: number, n: number, label: string): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`uniform: n must be a positive integer, got ${n}`);
  const limit = Math.floor(TWO_52 / n) * n;
  for (let attempt = 0; ; attempt += 1) {
    const v = Number.parseInt(hmac(seed, recordId, `${label}:${attempt}`).slice(0, 13), 16);
    if (v < limit) return v % n;
  }
}

/** The winners of a lottery in draw order: at most `count` of the entrants, each at most once. */
export function drawWinners(seed: string, recordId: number, entrants: readonly number[], count: number): number[] {
  const remaining = [...entrants].sort((a, b) => a - b);
  const winners: number[] = [];
  for (let i = 0; i < count && remaining.length > 0; i += 1) {
    const [uid] = remaining.splice(uniform(seed, recordId, remaining.length, `draw:${i}`), 1);
    winners.push(uid!);
  }
  return winners;
}

/** The amounts (hundredths) of a rain's envelopes in index order; they add up to exactly `budgetMinor`. */
export function splitRain(seed: string, recordId: number, budgetMinor: number, envelopes: number): number[] {
  if (!Number.isSafeInteger(budgetMinor) || !Number.isSafeInteger(envelopes) || envelopes < 1 || budgetMinor < envelopes) {
    throw new RangeError(`splitRain: need at least 1 hundredth per envelope, got ${budgetMinor} for ${envelopes}`);
  }
  const weights: bigint[] = [];
  let total = 0n;
  for (let j = 0; j < envelopes; j += 1) {
    const w = 1n + BigInt(`0x${hmac(seed, recordId, `split:${j}`).slice(0, 8)}`);
    weights.push(w);
    total += w;
  }
  const spread = BigInt(budgetMinor - envelopes);
  const amounts = weights.map((w) => 1 + Number((spread * w) / total));
  let left = budgetMinor - amounts.reduce((sum, a) => sum + a, 0);
  for (let j = 0; left > 0; j += 1, left -= 1) amounts[j]! += 1;
  return amounts;
}
