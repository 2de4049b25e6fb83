import { randomBytes } from 'node:crypto';
import { connectRedis } from '../cluster/redis';
import type { SessionRevocations } from './auth';

/**
 * How long a sign-out waits for every instance to say it dropped the session before it answers anyway. Past it, an
 * instance that did not answer (its Redis connection lost without its noticing, its event loop stuck) may trust its copy
 * until that copy's SESSION_CACHE_MS is over: the bound docs/operations.md states.
 */
export const REVOCATION_ACK_MS = 1_000;

/**
 * Session revocations between the instances that share a database, over Redis pub/sub (REDIS_URL, issue 32): each
 * instance keeps the sessions it read for SESSION_CACHE_MS (auth.ts), and a sign-out must not be outlived on another.
 * One channel carries two kinds of message: `r <id> <token hash>` (a revocation; every instance drops its copy, then
 * answers) and `a <id>` (an instance's answer). PUBLISH says how many instances' subscriptions Redis handed the
 * revocation to; the sign-out waits for that many answers (its own instance's among them), so when it answers no
 * instance that was listening still holds the session. An instance whose subscription is down hears nothing: it is not
 * `live`, and its cache is then not used (every request reads the database) and emptied when it is up again.
 *
 * Two connections, as the push relay has: a subscribed connection can do nothing else.
 */
export function createRedisSessionRevocations({
  url,
  prefix = 'sport-pc',
  log,
}: {
  url: string;
  /** Key and channel prefix: instances sharing one must share the prefix. */
  prefix?: string;
  log?: { warn(obj: object, msg: string): void };
}): SessionRevocations {
  const pub = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  const sub = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  const channel = `${prefix}:sessions:revoked`;
  /** This instance's sign-outs waiting for answers, by message id. */
  const waiting = new Map<string, { answers: number; needed: number; done: () => void }>();
  let listener: ((tokenHash: string | undefined) => void) | undefined;
  let live = false;
  let closed = false;
  let becameLive: () => void = () => undefined;
  const firstLive = new Promise<void>((resolve) => (becameLive = resolve));

  const down = () => {
    if (!live) return;
    live = false;
    // Revocations published while the subscription is down never arrive: nothing cached before may be trusted.
    listener?.(undefined);
  };
  const subscribe = () => {
    sub
      .subscribe(channel)
      .then(() => {
        if (closed || sub.status !== 'ready') return;
        // Anything cached while the subscription was down (nothing is, but a look-up in flight) goes before trusting again.
        listener?.(undefined);
        live = true;
        becameLive();
      })
      .catch((error: unknown) => log?.warn({ err: error }, 'redis subscribe (session revocations) failed'));
  };
  for (const connection of [pub, sub]) connection.on('error', (error: Error) => log?.warn({ err: error }, 'redis connection error'));
  sub.on('close', down);
  sub.on('end', down);
  // Also after every reconnect: `live` again only once Redis has confirmed the subscription.
  sub.on('ready', subscribe);
  sub.on('message', (_channel: string, message: string) => {
    if (message.startsWith('a ')) {
      const w = waiting.get(message.slice(2));
      if (w && ++w.answers >= w.needed) w.done();
      return;
    }
    if (!message.startsWith('r ')) return;
    const space = message.indexOf(' ', 2);
    const id = message.slice(2, space);
    listener?.(message.slice(space + 1));
    pub.publish(channel, `a ${id}`).catch((error: unknown) => log?.warn({ err: error }, 'redis publish (session revocation answer) failed'));
  });

  return {
    get live() {
      return live;
    },
    async whenLive() {
      if (!live) await firstLive;
    },
    onRevoked(l) {
      listener = l;
    },
    async revoke(tokenHash) {
      const id = randomBytes(8).toString('hex');
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<void>((resolve) => {
        waiting.set(id, { answers: 0, needed: Number.POSITIVE_INFINITY, done: resolve });
        timer = setTimeout(() => {
          log?.warn({ waitedMs: REVOCATION_ACK_MS }, 'not every instance confirmed a session revocation in time; their copies end with their cache life');
          resolve();
        }, REVOCATION_ACK_MS);
      });
      try {
        const published = pub.publish(channel, `r ${id} ${tokenHash}`).then((receivers) => {
          const w = waiting.get(id);
          if (!w) return;
          w.needed = receivers;
          if (w.answers >= receivers) w.done();
        });
        published.catch((error: unknown) => log?.warn({ err: error }, 'redis publish (session revocation) failed'));
        await answered;
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    async close() {
      closed = true;
      live = false;
      await Promise.allSettled([sub.quit(), pub.quit()]);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
