/**
 * Provably fair draws and splits (docs/api.md "Provably fair", algorithm "hmac-sha256-v1"): the one implementation the
 * platform draws with, the app's verify view recomputes with and `node scripts/verify-fair.mjs <recordId>` checks
 * with. Pure WebCrypto (`crypto.subtle`, in browsers and Node 20), no zod, no Node built-ins. The algorithm is simple
 * enough to redo in any language:
 *
 * - The server seed is 32 random bytes written as 64 lowercase hex digits. Its hash, SHA-256 of those 64 ASCII
 *   characters in hex, is published when the event is announced; the seed itself once the event is finished.
 * - `hmac(label)` is HMAC-SHA256 keyed with the seed's ASCII characters over `<recordId>:<label>`, in hex.
 * - `uniform(n, label)`: the first 13 hex digits of hmac(`<label>:<attempt>`) read as a 52-bit integer v, attempt
 *   counting from 0; a v at or above the largest multiple of n not above 2^52 is rejected (next attempt), else v mod n.
 *   Rejection keeps every index exactly equally likely.
 * - A lottery draw: the qualifying entrants' uids in ascending order; winner i (from 0) is the entrant at
 *   uniform(remaining, `draw:<i>`) among those not drawn yet (removed in place, order kept).
 * - A rain split of B hundredths over N envelopes: weight j = 1 + the first 8 hex digits of hmac(`split:<j>`) as an
 *   integer; envelope j gets 1 + floor((B - N) * weight j / sum of weights) hundredths, and the hundredths the floors
 *   left (fewer than N) go one each to envelopes 0, 1, ... So every envelope holds at least 0.01 and they add up to
 *   exactly B. Envelope j goes to the j-th member who receives one.
 */

import { FAIR_ALGORITHM } from './economyCodes';

/** The algorithm's name, as every proof names it. */
export const FAIR_VERSION = FAIR_ALGORITHM;

const encoder = new TextEncoder();
const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

export async function seedHashOf(seed: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(seed)));
}

/** The HMAC of one event's seed, keyed once and used for every label of a draw or split. */
export async function fairHmac(seed: string, recordId: number): Promise<(label: string) => Promise<string>> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return async (label) => hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${recordId}:${label}`)));
}

const TWO_52 = 2 ** 52;

/** A uniformly drawn integer in [0, n): see the module comment. */
export async function uniform(hmac: (label: string) => Promise<string>, n: number, label: string): Promise<number> {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`uniform: n must be a positive integer, got ${n}`);
  const limit = Math.floor(TWO_52 / n) * n;
  for (let attempt = 0; ; attempt += 1) {
    const v = Number.parseInt((await hmac(`${label}:${attempt}`)).slice(0, 13), 16);
    if (v < limit) return v % n;
  }
}

/** The winners of a lottery in draw order: at most `count` of the entrants, each at most once. */
export async function drawWinners(seed: string, recordId: number, entrants: readonly number[], count: number): Promise<number[]> {
  const hmac = await fairHmac(seed, recordId);
  const remaining = [...entrants].sort((a, b) => a - b);
  const winners: number[] = [];
  for (let i = 0; i < count && remaining.length > 0; i += 1) {
    const [uid] = remaining.splice(await uniform(hmac, remaining.length, `draw:${i}`), 1);
    winners.push(uid!);
  }
  return winners;
}

/** The amounts (hundredths) of a rain's envelopes in index order; they add up to exactly `budgetMinor`. */
export async function splitRain(seed: string, recordId: number, budgetMinor: number, envelopes: number): Promise<number[]> {
  if (!Number.isSafeInteger(budgetMinor) || !Number.isSafeInteger(envelopes) || envelopes < 1 || budgetMinor < envelopes) {
    throw new RangeError(`splitRain: need at least 1 hundredth per envelope, got ${budgetMinor} for ${envelopes}`);
  }
  const hmac = await fairHmac(seed, recordId);
  const weights = await Promise.all(Array.from({ length: envelopes }, async (_, j) => 1n + BigInt(`0x${(await hmac(`split:${j}`)).slice(0, 8)}`)));
  const total = weights.reduce((sum, w) => sum + w, 0n);
  const spread = BigInt(budgetMinor - envelopes);
  const amounts = weights.map((w) => 1 + Number((spread * w) / total));
  let left = budgetMinor - amounts.reduce((sum, a) => sum + a, 0);
  for (let j = 0; left > 0; j += 1, left -= 1) amounts[j]! += 1;
  return amounts;
}
