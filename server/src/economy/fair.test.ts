import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FairAlgorithm } from '../../../contract/economyCodes';
import { checkRainReceipts, deriveSeed, drawWinners, entriesHashOf, rainTicket, seedHashOf, splitRain, type RainReceipt } from '../../../domain/fair';
import { FAIR_SECRET_FILE, loadFairSecrets } from './fair';

const SEED = '5a'.repeat(32);

/** The position in the (ascending) list of the first winner: what an insider who knows the seed wants to aim at. */
async function firstWinnerAt(algorithm: FairAlgorithm, entrants: number[]): Promise<number> {
  const [winner] = await drawWinners(algorithm, SEED, 77, entrants, 1);
  return [...entrants].sort((a, b) => a - b).indexOf(winner!);
}

describe('domain/fair: provably fair v2 (issue 29)', () => {
  it("derives each event's seed from the secret and its recordId: the same twice, another for another event or secret", async () => {
    const seed = await deriveSeed('s'.repeat(32), 9);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await deriveSeed('s'.repeat(32), 9)).toBe(seed);
    expect(await deriveSeed('s'.repeat(32), 10)).not.toBe(seed);
    expect(await deriveSeed('t'.repeat(32), 9)).not.toBe(seed);
    expect(await seedHashOf(seed)).not.toBe(seed);
  });

  it('hashes the closed entry list as its uids ascending joined by ","', async () => {
    expect(await entriesHashOf([13, 3, 8])).toBe(await entriesHashOf([3, 8, 13]));
    expect(await entriesHashOf([3, 8, 13])).not.toBe(await entriesHashOf([3, 8, 14]));
    // SHA-256 of the empty string.
    expect(await entriesHashOf([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('keys the draw with the closed list, so who stands at the winning place cannot be arranged with the seed in hand', async () => {
    // v1: the winning place depends only on the seed and the number of entrants: an insider with the seed who
    // appends entries picks uids that land on it (the tester's attack). v2: any other list redraws.
    const base = [11, 22, 33, 44, 55];
    const lists = [60, 61, 62, 63, 64, 65, 66, 67].map((extra) => [...base, extra]);
    const v1 = await Promise.all(lists.map((l) => firstWinnerAt(FairAlgorithm.V1, l)));
    const v2 = await Promise.all(lists.map((l) => firstWinnerAt(FairAlgorithm.V2, l)));
    expect(new Set(v1).size).toBe(1);
    expect(new Set(v2).size).toBeGreaterThan(1);
    // The same list always draws the same.
    expect(await drawWinners(FairAlgorithm.V2, SEED, 77, lists[0]!, 3)).toEqual(await drawWinners(FairAlgorithm.V2, SEED, 77, [...lists[0]!].reverse(), 3));
  });

  it('takes envelopes by ticket, not by receive order, and checks receipts against the tickets', async () => {
    const amounts = await splitRain(SEED, 5, 10_000, 10);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(10_000);
    // The platform's rule without daily limits: the first untaken envelope at or after the ticket, wrapping round.
    const taken = new Set<number>();
    const receipts: RainReceipt[] = [];
    for (const [i, uid] of [101, 102, 103, 104, 105, 106, 107, 108, 109, 110].entries()) {
      let envelope = await rainTicket(SEED, 5, uid, 10);
      while (taken.has(envelope)) envelope = (envelope + 1) % 10;
      taken.add(envelope);
      receipts.push({ uid, envelopeIndex: envelope, seq: i });
    }
    // Not the receive order (v1 gave the j-th receiver envelope j).
    expect(receipts.map((r) => r.envelopeIndex)).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await checkRainReceipts(SEED, 5, amounts, receipts)).toEqual([]);
    // Two receivers' envelopes swapped: the proof no longer follows the tickets.
    const swapped = receipts.map((r, i) => (i === 0 ? { ...r, envelopeIndex: receipts[9]!.envelopeIndex } : i === 9 ? { ...r, envelopeIndex: receipts[0]!.envelopeIndex } : r));
    expect((await checkRainReceipts(SEED, 5, amounts, swapped)).length).toBeGreaterThan(0);
    expect(await checkRainReceipts(SEED, 5, amounts, [{ uid: 1, envelopeIndex: 0, seq: 0 }, { uid: 2, envelopeIndex: 0, seq: 1 }])).toEqual(['envelope 0 taken twice']);
    expect(await checkRainReceipts(SEED, 5, amounts, [{ uid: 1, envelopeIndex: 10, seq: 0 }])).toEqual(['uid 1: no envelope 10']);
  });
});

describe('loadFairSecrets', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'sport-pc-fair-'));
  it('takes FAIR_SECRET (and the one before a rotation) as given', () => {
    expect(loadFairSecrets({ dataDir: dir(), fairSecret: 'a'.repeat(32), fairSecretPrevious: 'b'.repeat(32) })).toEqual({ current: 'a'.repeat(32), previous: 'b'.repeat(32) });
  });
  it('makes a key in DATA_DIR/fair-secret on the first start, readable by the platform only, and keeps it', () => {
    const dataDir = dir();
    const first = loadFairSecrets({ dataDir, fairSecret: undefined, fairSecretPrevious: undefined });
    expect(first.current).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dataDir, FAIR_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(loadFairSecrets({ dataDir, fairSecret: undefined, fairSecretPrevious: undefined })).toEqual({ current: first.current, previous: undefined });
  });
  it('refuses a damaged key file rather than making a new key (events announced under the old one could not be drawn)', () => {
    const dataDir = dir();
    writeFileSync(path.join(dataDir, FAIR_SECRET_FILE), 'short\n');
    expect(() => loadFairSecrets({ dataDir, fairSecret: undefined, fairSecretPrevious: undefined })).toThrow(/fair-secret: expected the fair secret \(at least 32 characters\), found 5/);
  });
});
