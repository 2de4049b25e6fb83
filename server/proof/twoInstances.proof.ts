import { describe, it } from '@jest/globals';
import type { Instance } from './cluster';
import { expectSameOddsOnBoth, expectSettledOnce, killLeaderMidMatch, signInOnABetOnB, twoInstances } from './proof.support';

/**
 * Issue 19's proof: two platform processes on one PostgreSQL database and one Redis (server/proof/proof.support.ts
 * has the steps). A member signs in on A and bets on B; push clients on both instances see the same odds changes,
 * seq without gaps; the feed leader is killed with SIGKILL mid-match and the other instance leads within 10 s; the
 * match settles once and every wallet equals its ledger. One match proves all four.
 */
const run = twoInstances();

describe('two platform processes on PostgreSQL and Redis, one feed leader', () => {
  it('serves a member signed in on A on B: a bet placed on B is in the books on both', () => signInOnABetOnB(run));

  it('shows push clients on both instances the same odds changes, seq without gaps', () => expectSameOddsOnBoth(run), 90_000);

  let survivor: Instance | undefined;
  it('replaces the leader killed with SIGKILL mid-match within 10 s', async () => {
    survivor = await killLeaderMidMatch(run);
  });

  it('settles the match once on the survivor: one winner paid once, every wallet equal to its ledger', () => expectSettledOnce(run, [survivor ?? run.b]), 90_000);
});
