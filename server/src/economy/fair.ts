import { randomBytes } from 'node:crypto';

/** The platform's side of provably fair events: the draw and split themselves are the contract's (contract/fair.ts). */
export { drawWinners, FAIR_VERSION, seedHashOf, splitRain } from '../../../contract/fair';

/** A new server seed: 32 random bytes as 64 lowercase hex digits. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}
