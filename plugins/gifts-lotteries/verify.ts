import { getEnv, types, type Instance } from 'mobx-state-tree';
import { FairAlgorithm, type FairProof } from '../../contract/economy';
import { checkRainReceipts, drawWinners, entriesHashOf, seedHashOf, splitRain, request } from '../../src/sdk';

/** What recomputing an event's proof found. */
export type Verdict = 'ok' | 'notRevealed' | 'hashMismatch' | 'entriesMismatch' | 'resultMismatch';

/** The verdict, and whether the member asking is in the event's closed entry list (lottery) or among its receivers (rain). */
export interface Verification {
  verdict: Verdict;
  /** undefined: no member asked (a visitor), or nothing to look in yet. */
  entered?: boolean;
}

/** "20.00" -> 2000 hundredths, exactly (the proof's amounts are decimal strings with 2 decimals). */
const hundredths = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
};

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Recomputes an event from its revealed seed with the platform's own algorithm (domain/fair.ts, docs/api.md
 * "Provably fair"): the seed must hash to the hash published before the start; under v2 the entry list must hash to
 * the entriesHash the draw was keyed with; the seed with the entries must give the same winners (lottery), or the same
 * envelopes taken the way the members' tickets say (rain).
 */
export async function verifyProof(proof: FairProof, uid?: number): Promise<Verification> {
  const { seed, recordId } = proof;
  if (!seed) return { verdict: 'notRevealed' };
  const v2 = proof.algorithm === FairAlgorithm.V2;
  // A lottery's entries are its closed entry list, a rain's its receivers.
  const entered = uid === undefined ? undefined : proof.entries.includes(uid);
  const verdict = async (): Promise<Verdict> => {
    if ((await seedHashOf(seed)) !== proof.seedHash) return 'hashMismatch';
    if (proof.kind === 3) {
      if (!proof.budget || proof.envelopes.length === 0) return 'notRevealed';
      const amounts = await splitRain(seed, recordId, hundredths(proof.budget), proof.envelopes.length);
      if (!same(amounts, proof.envelopes.map(hundredths))) return 'resultMismatch';
      return v2 && (await checkRainReceipts(seed, recordId, amounts, proof.receipts)).length > 0 ? 'resultMismatch' : 'ok';
    }
    if (v2 && (await entriesHashOf(proof.entries)) !== proof.entriesHash) return 'entriesMismatch';
    const winners = await drawWinners(proof.algorithm, seed, recordId, proof.entries, proof.winnerCount);
    return same(winners, proof.winners) ? 'ok' : 'resultMismatch';
  };
  return { verdict: await verdict(), entered };
}

/** How a check asks for its event's proof, and who asks (undefined: a visitor). */
export interface FairCheckEnv {
  proof(): Promise<FairProof>;
  uid(): number | undefined;
}

/**
 * One event's fairness check (the Verify button): the proof the platform answers and what recomputing it found,
 * through the request primitive. Each click checks again; a failed check says so and keeps the entry list shown.
 */
export const FairCheck = types
  .model('FairCheck', { request: request() })
  .volatile(() => ({ checked: undefined as { entriesHash: string | null; count: number; entered?: boolean; verdict: Verdict } | undefined }))
  .views((self) => ({
    /** What the check says now: checking, failed, or the last check's verdict. */
    get verdict(): Verdict | 'checking' | 'failed' | undefined {
      if (self.request.status === 'loading') return 'checking';
      if (self.request.error !== undefined) return 'failed';
      return self.checked?.verdict;
    },
  }))
  .actions((self) => ({
    setChecked(checked: NonNullable<typeof self.checked>) {
      self.checked = checked;
    },
  }))
  .actions((self) => ({
    check() {
      const env = getEnv<FairCheckEnv>(self);
      return self.request.run(async () => {
        const answer = await env.proof();
        const { verdict, entered } = await verifyProof(answer, env.uid());
        return { entriesHash: answer.entriesHash, count: answer.entries.length, entered, verdict };
      }, self.setChecked);
    },
  }));

export type FairCheckInstance = Instance<typeof FairCheck>;
