import fp from 'fastify-plugin';
import { LEG_OPEN } from '../betting/settlement';
import type { Feed } from '../feed';
import { publishFeed } from '../push/feedPublisher';
import { createMatchResultStore, type MatchResultStore } from '../results/matchResults';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulated feed: fixtures, prices, scores and results. Its owner starts and stops it. */
    feed: Feed;
    matchResults: MatchResultStore;
    /** Stores the results the feed has of matches that open bets wait on and the database lacks (a new leader's catch-up). */
    storeMissingResults(): Promise<void>;
    /** Resolves when the results queued for storing so far are stored; tests wait on it. */
    resultsIdle(): Promise<void>;
  }
}

/** Match ids per lookup of the stored results: well under SQLite's bound-variable limit. */
const RESULTS_PER_LOOKUP = 500;

/**
 * Connects the feed to the rest of the platform: every change goes out on the push channels, and every result is
 * stored (in feed order, one write at a time) for the results screens and settlement.
 */
export const feedPlugin = fp<{ feed: Feed }>(
  async (app, { feed }) => {
    const results = createMatchResultStore(app.db, app.clock);
    app.decorate('feed', feed);
    app.decorate('matchResults', results);

    let writes = Promise.resolve();
    // Only the feed leader publishes and stores (issue 19): every instance plays the same matches.
    const stopPublishing = publishFeed(feed, app.pushHub, app.leaderFeed.on);
    const stopStoring = app.leaderFeed.on((change) => {
      if (change.kind !== 'ended') return;
      writes = writes
        .then(() => results.save(change.result))
        .catch((error: unknown) => app.log.error({ err: error, matchId: change.matchId }, 'match result not stored'));
    });
    // A new leader stores what its feed has and the database lacks: the results of matches that ended while no leader
    // stored them (the last one died, or the platform was down). First those bets wait on (outrights included), then
    // every other result the feed still holds, so the results screens keep them once the feed forgets them. Saving
    // twice is harmless (save ignores it).
    app.decorate('storeMissingResults', () => {
      writes = writes
        .then(async () => {
          const waiting = await app.db
            .selectFrom('order_legs')
            .leftJoin('match_results', 'match_results.match_id', 'order_legs.match_id')
            .select('order_legs.match_id')
            .distinct()
            .where('order_legs.result', '=', LEG_OPEN)
            .where('match_results.match_id', 'is', null)
            .execute();
          await results.saveMany(waiting.flatMap(({ match_id }) => feed.resultOf(Number(match_id)) ?? []));
          const held = feed.results({ from: 0, to: feed.now() });
          for (let i = 0; i < held.length; i += RESULTS_PER_LOOKUP) {
            const chunk = held.slice(i, i + RESULTS_PER_LOOKUP);
            const rows = await app.db.selectFrom('match_results').select('match_id').where('match_id', 'in', chunk.map((r) => r.matchId)).execute();
            const stored = new Set(rows.map((r) => Number(r.match_id)));
            await results.saveMany(chunk.filter((result) => !stored.has(result.matchId)));
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'missing match results not stored'));
      return writes;
    });
    app.decorate('resultsIdle', () => writes);
    app.addHook('onClose', async () => {
      stopPublishing();
      stopStoring();
      await writes;
    });
  },
  { name: 'sport-pc-feed', dependencies: ['sport-pc-core', 'sport-pc-cluster'], fastify: '5.x' },
);
