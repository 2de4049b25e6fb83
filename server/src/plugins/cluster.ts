import fp from 'fastify-plugin';
import { createPriceReplication } from '../cluster/priceReplication';
import { soleLeadership, type Leadership } from '../cluster/leadership';
import { isOutrightId, type FeedChange, type FeedChanges, type FeedReplication } from '../feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance is the feed leader (issue 19); on SQLite always. */
    leadership: Leadership;
    /** The feed's changes, delivered only while this instance leads: every side effect of the feed listens here. */
    leaderFeed: FeedChanges;
    /** Runs `work` each time this instance becomes the leader (at start too, if it leads then): catching up. */
    onPromoted(work: () => void): void;
  }
}

export interface ClusterPluginOptions {
  feed: FeedReplication & FeedChanges;
  leadership?: Leadership;
  redis?: { url: string; prefix?: string };
}

/**
 * One feed leader among several instances (docs/operations.md "Several instances"). The leader runs the feed's side
 * effects (through leaderFeed and onPromoted) and prices in-play markets; it sends each odds change of a match to the
 * followers through Redis, whose feeds play the same world (shared origin) but apply the leader's markets. A promotion
 * makes the feed price again; a step-down makes it follow.
 */
export const clusterPlugin = fp<ClusterPluginOptions>(
  async (app, { feed, leadership = soleLeadership(), redis }) => {
    const promoted = new Set<() => void>();
    app.decorate('leadership', leadership);
    app.decorate('leaderFeed', { on: (listener: (change: FeedChange) => void) => feed.on((change) => leadership.isLeader() && listener(change)) });
    app.decorate('onPromoted', (work: () => void) => {
      promoted.add(work);
    });

    const replication = redis ? createPriceReplication({ ...redis, onReplica: (replica) => feed.replicate(replica), log: app.log }) : undefined;
    const stopSending = replication
      ? feed.on((change) => {
          if ((change.kind !== 'odds' && change.kind !== 'ended') || !leadership.isLeader() || isOutrightId(change.matchId)) return;
          if (change.kind === 'ended') return replication.forget(change.matchId);
          const replica = feed.replicaOf(change.matchId, change.markets);
          if (replica) replication.publish(replica);
        })
      : () => undefined;
    /** A follower takes the leader's last books at once (at start, after a step-down) rather than match by match. */
    const loadBooks = async () => {
      if (!replication || !feed.following) return;
      try {
        for (const replica of await replication.load()) feed.replicate(replica);
      } catch (error) {
        app.log.warn({ err: error }, 'price replication: the leader books could not be loaded');
      }
    };

    leadership.onChange((role) => {
      feed.follow(role !== 'leader');
      if (role !== 'leader') {
        void loadBooks();
        return;
      }
      for (const work of promoted) {
        try {
          work();
        } catch (error) {
          app.log.error({ err: error }, 'feed leader: catching up failed');
        }
      }
    });
    app.addHook('onReady', async () => {
      // The sole leader leads from the start, without a change of role: its catch-up runs here.
      if (leadership.isLeader()) for (const work of promoted) work();
      await leadership.start();
      await loadBooks();
    });
    app.addHook('onClose', async () => {
      stopSending();
      await leadership.stop();
      await replication?.close();
    });
  },
  { name: 'sport-pc-cluster', dependencies: ['sport-pc-core'], fastify: '5.x' },
);
