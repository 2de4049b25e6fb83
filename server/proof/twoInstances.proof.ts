import { describe, it } from '@jest/globals';
import { expectSameOddsOnBoth, expectSettledOnce, signInOnABetOnB, twoInstances } from './proof.support';

/**
 * Issue 19's proof: two platform processes on one PostgreSQL database and one Redis (server/proof/proof.support.ts
 * has the steps). A member signs in on A and bets on B; push clients on both instances see the same odds changes,
 * seq without gaps; the match settles once and every wallet equals its ledger.
 */
const run = twoInstances();

describe('two platform processes on PostgreSQL and Redis', () => {
  it('serves a member signed in on A on B: a bet placed on B is in the books on both', () => signInOnABetOnB(run));

  it('shows push clients on both instances the same odds changes, seq without gaps', () => expectSameOddsOnBoth(run));

  it('settles the match once: one winner paid once, every wallet equal to its ledger', () => expectSettledOnce(run, [run.b, run.a]), 240_000);
});
