/**
 * Provably fair draws and splits (docs/api.md "Provably fair"): the one implementation the platform draws with, the
 * app's verify view recomputes with and `node scripts/verify-fair.mjs <recordId>` checks with. Pure WebCrypto
 * (`crypto.subtle`, in browsers and Node 20), no zod, no Node built-ins. Simple enough to redo in any language:
 *
 * - The server seed is 64 lowercase hex digits. Its hash, SHA-256 of those 64 ASCII characters in hex, is published
 *   when the event is announced; the seed itself once the event is finished. Under v2 the platform derives the seed as
 *   HMAC-SHA256(fair secret, `fair-seed:<recordId>`) and stores only its hash until the reveal: the fair secret is not
 *   in the database, so reading the database before the reveal tells nobody the seed (issue 29).
 * - `hmac(label)` is HMAC-SHA256 keyed with the seed's ASCII characters over `<context>:<label>`, in hex. The context
 *   is `<recordId>`, and for a v2 draw `<recordId>:<entriesHash>`.
 * - `uniform(n, label)`: the first 13 hex digits of hmac(`<label>:<attempt>`) read as a 52-bit integer v, attempt
 *   counting from 0; a v at or above the largest multiple of n not above 2^52 is rejected (next attempt), else v mod n.
 *   Rejection keeps every index exactly equally likely.
 * - The entry list of a lottery: the qualifying entrants' uids in ascending order. Its hash (`entriesHash`) is SHA-256
 *   of the uids in decimal joined by "," (the empty list: SHA-256 of the empty string), in hex.
 * - A lottery draw: winner i (from 0) is the entrant at uniform(remaining, `draw:<i>`) among those not drawn yet
 *   (removed in place, order kept). v2 keys the draw with the closed list's hash too, so the winners depend on the
 *   exact list nobody knows before entries close: one entry more or less redraws everything.
 * - A rain split of B hundredths over N envelopes: weight j = 1 + the first 8 hex digits of hmac(`split:<j>`) as an
 *   integer; envelope j gets 1 + floor((B - N) * weight j / sum of weights) hundredths, and the hundredths the floors
 *   left (fewer than N) go one each to envelopes 0, 1, ... So every envelope holds at least 0.01 and they add up to
 *   exactly B. The same in v1 and v2.
 * - Which envelope a receive takes. v1: the j-th receiver took envelope j (so whoever knew the split could time a
 *   receive for a large one). v2: member u's ticket is uniform(N, `pick:<u>`); the member takes the first untaken
 *   envelope at or after the ticket, wrapping round to 0, skipping only envelopes larger than their daily receive limit
 *   still allows. Knowing the split without the seed says nothing about where anyone's ticket falls.
 */

import { FairAlgorithm } from '../contract/economyCodes';

const encoder = new TextEncoder();
const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

async function sha256(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

export function seedHashOf(seed: string): Promise<string> {
  return sha256(seed);
}

/** The hash of a closed entry list: the uids ascending, in decimal, joined by ",". */
export function entriesHashOf(entrants: readonly number[]): Promise<string> {
  return sha256([...entrants].sort((a, b) => a - b).join(','));
}

/** HMAC-SHA256 of `message` keyed with `key`'s characters, in hex. */
async function hmacHex(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', k, encoder.encode(message)));
}

/** A v2 event's seed, from the platform's fair secret (which never leaves the platform) and the event's recordId. */
export function deriveSeed(secret: string, recordId: number): Promise<string> {
  return hmacHex(secret, `fair-seed:${recordId}`);
}

/** The HMAC of one event's seed, keyed once and used for every label of a draw, split or ticket. */
export async function fairHmac(seed: string, context: string | number): Promise<(label: string) => Promise<string>> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return async (label) => hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${context}:${label}`)));
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
export async function drawWinners(algorithm: FairAlgorithm, seed: string, recordId: number, entrants: readonly number[], count: number): Promise<number[]> {
  const remaining = [...entrants].sort((a, b) => a - b);
  const hmac = await fairHmac(seed, algorithm === FairAlgorithm.V1 ? recordId : `${recordId}:${await entriesHashOf(remaining)}`);
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

/** v2: the envelope index a member's receive starts looking at (see the module comment). */
export async function rainTicket(seed: string, recordId: number, uid: number, envelopes: number): Promise<number> {
  return uniform(await fairHmac(seed, recordId), envelopes, `pick:${uid}`);
}

/**
 * One envelope taken: by whom, which, and `seq`, how many envelopes of the rain the receive saw taken already (so
 * every envelope it found taken has a smaller seq; receives racing on several instances may share one).
 */
export interface RainReceipt {
  uid: number;
  envelopeIndex: number;
  seq: number;
}

/**
 * v2: the receipts that do not follow the tickets, as sentences (empty: all do). A receipt follows its ticket when
 * every envelope between the ticket and the one taken (wrapping round) was either taken before it (a smaller seq) or
 * holds more than the one taken (skipped for the member's daily limit, which a verifier cannot see). Also: each
 * envelope and each member at most once.
 */
export async function checkRainReceipts(seed: string, recordId: number, amounts: readonly number[], receipts: readonly RainReceipt[]): Promise<string[]> {
  const problems: string[] = [];
  const byIndex = new Map<number, RainReceipt>();
  const members = new Set<number>();
  for (const r of receipts) {
    if (!Number.isSafeInteger(r.envelopeIndex) || r.envelopeIndex < 0 || r.envelopeIndex >= amounts.length) problems.push(`uid ${r.uid}: no envelope ${r.envelopeIndex}`);
    else if (byIndex.has(r.envelopeIndex)) problems.push(`envelope ${r.envelopeIndex} taken twice`);
    else byIndex.set(r.envelopeIndex, r);
    if (members.has(r.uid)) problems.push(`uid ${r.uid} took two envelopes`);
    members.add(r.uid);
  }
  if (problems.length > 0) return problems;
  const hmac = await fairHmac(seed, recordId);
  for (const r of receipts) {
    const ticket = await uniform(hmac, amounts.length, `pick:${r.uid}`);
    for (let i = ticket; i !== r.envelopeIndex; i = (i + 1) % amounts.length) {
      const other = byIndex.get(i);
      const takenBefore = other !== undefined && other.seq < r.seq;
      if (!takenBefore && amounts[i]! <= amounts[r.envelopeIndex]!) {
        problems.push(`uid ${r.uid} took envelope ${r.envelopeIndex}, but envelope ${i} (from ticket ${ticket}) was free and no larger`);
        break;
      }
    }
  }
  return problems;
}
