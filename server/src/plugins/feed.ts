import fp from 'fastify-plugin';
import type { Feed } from '../feed';
import { publishFeed } from '../push/feedPublisher';
import { createMatchResultStore, type MatchResultStore } from '../results/matchResults';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulated feed: fixtures, prices, scores and results. Its owner starts and stops it. */
    feed: Feed;
    matchResults: MatchResultStore;
  }
}

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
    const stopPublishing = publishFeed(feed, app.pushHub);
    const stopStoring = feed.on((change) => {
      if (change.kind !== 'ended') return;
      writes = writes
        .then(() => results.save(change.result))
        .catch((error: unknown) => app.log.error({ err: error, matchId: change.matchId }, 'match result not stored'));
    });
    app.addHook('onClose', async () => {
      stopPublishing();
      stopStoring();
      await writes;
    });
  },
  { name: 'sport-pc-feed', dependencies: ['sport-pc-core'], fastify: '5.x' },
);
