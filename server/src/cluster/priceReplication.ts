import { Redis } from 'ioredis';
import type { MarketsReplica } from '../feed';

export interface PriceReplication {
  publish(replica: MarketsReplica): void;
  close(): Promise<void>;
}

/**
 * The leader's in-play prices to the followers (issue 19), over Redis pub/sub on `<prefix>:feed:odds`. Pub/sub, like
 * the push relay: a follower that missed a message is healed by the match's next one, which carries the match's
 * whole current book, not only what changed; nothing needs keeping in Redis.
 */
export function createPriceReplication({ url, prefix = 'sport-pc', onReplica, log }: { url: string; prefix?: string; onReplica(replica: MarketsReplica): void; log?: { warn(obj: object, msg: string): void } }): PriceReplication {
  const channel = `${prefix}:feed:odds`;
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  for (const connection of [pub, sub]) connection.on('error', (error: Error) => log?.warn({ err: error }, 'redis connection error (price replication)'));
  const subscribed = sub.subscribe(channel).catch((error: unknown) => log?.warn({ err: error }, 'redis subscribe failed (price replication)'));
  sub.on('message', (_channel: string, message: string) => {
    try {
      onReplica(JSON.parse(message) as MarketsReplica);
    } catch (error) {
      log?.warn({ err: error }, 'price replication: a message could not be applied');
    }
  });
  return {
    publish(replica) {
      pub.publish(channel, JSON.stringify(replica)).catch((error: unknown) => log?.warn({ err: error }, 'redis publish failed (price replication)'));
    },
    async close() {
      await subscribed;
      await Promise.allSettled([sub.quit(), pub.quit()]);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
