import fp from 'fastify-plugin';
import { createBettingEngine, type BettingEngine } from '../betting/engine';

declare module 'fastify' {
  interface FastifyInstance {
    betting: BettingEngine;
  }
}

/** The betting engine over the shared database, wallet and feed; its loop runs while the app does. */
export const bettingPlugin = fp<{ loopMs: number }>(
  async (app, { loopMs }) => {
    const engine = createBettingEngine(
      { db: app.db, clock: app.clock, feed: app.feed, wallet: app.wallet, config: app.platformConfig },
      { log: app.log, loadResult: (matchId) => app.matchResults.get(matchId), changes: app.leaderFeed.on, isLeader: () => app.leadership.isLeader() },
    );
    app.decorate('betting', engine);
    // A new leader (and the sole one at start) settles what was stored but not applied, and what ended while no one led.
    app.onPromoted(() => void engine.catchUp(() => app.storeMissingResults()));
    app.addHook('onReady', async () => engine.start(loopMs));
    app.addHook('onClose', async () => engine.stop());
  },
  { name: 'sport-pc-betting', dependencies: ['sport-pc-core', 'sport-pc-feed'], fastify: '5.x' },
);
