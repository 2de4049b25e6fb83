import { connectRedis } from './redis';
import type { MarketsReplica } from '../feed';

export interface PriceReplication {
  publish(replica: MarketsReplica): void;
  /** The match is over: its last book is no longer kept for followers that start later. */
  forget(matchId: number): void;
  /** The last book of every match still kept: a follower that starts (or steps down) applies them at once. */
  load(): Promise<MarketsReplica[]>;
  close(): Promise<void>;
}

/**
 * The leader's in-play prices to the followers (issue 19), over Redis pub/sub on `<prefix>:feed:odds`. Pub/sub, like
 * the push relay: a follower that missed a message is healed by the match's next one, which carries the match's
 * whole current book, not only what changed. The last message of each match in play is also kept in the hash
 * `<prefix>:feed:books` (dropped when the match ends), so a follower that starts shows the leader's prices at once
 * instead of after each match's next change.
 */
export function createPriceReplication({ url, prefix = 'sport-pc', onReplica, log }: { url: string; prefix?: string; onReplica(replica: MarketsReplica): void; log?: { warn(obj: object, msg: string): void } }): PriceReplication {
  const channel = `${prefix}:feed:odds`;
  const booksKey = `${prefix}:feed:books`;
  const pub = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  const sub = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: null });
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
      const json = JSON.stringify(replica);
      pub
        .multi()
        .hset(booksKey, String(replica.matchId), json)
        .publish(channel, json)
        .exec()
        .catch((error: unknown) => log?.warn({ err: error }, 'redis publish failed (price replication)'));
    },
    forget(matchId) {
      pub.hdel(booksKey, String(matchId)).catch((error: unknown) => log?.warn({ err: error }, 'redis hdel failed (price replication)'));
    },
    async load() {
      const books = await pub.hgetall(booksKey);
      return Object.values(books).map((json) => JSON.parse(json) as MarketsReplica);
    },
    async close() {
      await subscribed;
      await Promise.allSettled([sub.quit(), pub.quit()]);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
