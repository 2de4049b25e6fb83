import fp from 'fastify-plugin';
import { createCashOutOffers, type CashOutOffers } from '../betting/cashOutOffers';
import { createBettingEngine, type BettingEngine } from '../betting/engine';

declare module 'fastify' {
  interface FastifyInstance {
    betting: BettingEngine;
    /** Cash-out offers pushed to members as prices move (issue 33). */
    cashOutOffers: CashOutOffers;
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
    // The leader's prices are the ones members see: it prices and publishes their offers (the relay delivers them).
    const offers = createCashOutOffers({ db: app.db, feed: app.feed, config: app.platformConfig, clock: app.clock, publish: (chId, data) => app.pushHub.publish(chId, data), log: app.log });
    app.decorate('cashOutOffers', offers);
    const stopOffers = app.leaderFeed.on((change) => {
      if (change.kind === 'odds') offers.pricesMoved(change.matchId);
      else if (change.kind === 'ended') offers.matchEnded(change.matchId);
    });
    // Without the betting loop (tests) the offers' timers stay off too: tests call flush().
    app.addHook('onReady', async () => {
      engine.start(loopMs);
      if (loopMs > 0) offers.start();
    });
    app.addHook('onClose', async () => {
      stopOffers();
      await offers.stop();
      await engine.stop();
    });
  },
  { name: 'sport-pc-betting', dependencies: ['sport-pc-core', 'sport-pc-feed'], fastify: '5.x' },
);
