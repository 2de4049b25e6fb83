import type { FairProof } from '../../contract/economy';
import { drawWinners, seedHashOf, splitRain } from '../../contract/fair';

/** What recomputing an event's proof found. */
export type Verdict = 'ok' | 'notRevealed' | 'hashMismatch' | 'resultMismatch';

/** "20.00" -> 2000 hundredths, exactly (the proof's amounts are decimal strings with 2 decimals). */
const hundredths = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
};

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Recomputes an event from its revealed seed with the platform's own algorithm (contract/fair.ts, docs/api.md
 * "Provably fair"): the seed must hash to the hash published before the start, and the seed with the entries must give
 * the same winners (lottery) or the same envelopes (rain).
 */
export async function verifyProof(proof: FairProof): Promise<Verdict> {
  const { seed, recordId } = proof;
  if (!seed) return 'notRevealed';
  if ((await seedHashOf(seed)) !== proof.seedHash) return 'hashMismatch';
  if (proof.kind === 3) {
    if (!proof.budget || proof.envelopes.length === 0) return 'notRevealed';
    const amounts = await splitRain(seed, recordId, hundredths(proof.budget), proof.envelopes.length);
    return same(amounts, proof.envelopes.map(hundredths)) ? 'ok' : 'resultMismatch';
  }
  const winners = await drawWinners(seed, recordId, proof.entries, proof.winnerCount);
  return same(winners, proof.winners) ? 'ok' : 'resultMismatch';
}
