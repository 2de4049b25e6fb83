import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../cluster/redis';
import type { PushRelay } from './hub';

/**
 * The push hub's relay over Redis pub/sub (REDIS_URL, issue 19): push, chat and room events reach the clients of every
 * platform instance.
 *
 * Why pub/sub and not streams: a push is only worth something live (a client that missed one sees the seq gap and
 * refetches the current state over HTTP), so nothing needs to be kept for an instance that was away; pub/sub costs no
 * memory in Redis and no trimming.
 *
 * The seq stays gap-free per channel across instances because one Lua script, atomic in Redis, both counts the channel
 * up (HINCRBY) and PUBLISHes the frame carrying that number, and Redis delivers a connection's messages in the order
 * they were published: every instance sees each channel's frames in seq order, none missing. The epoch is one random
 * id per Redis data set (kept under `<prefix>:epoch`): if Redis loses its data, the counts restart at 1 under a new
 * epoch, which tells clients their old seq means nothing, as a restart of a single instance does.
 *
 * The frame is built once, in the script, and every instance sends that text as it is.
 */
const PUBLISH_SCRIPT = `
local epoch = redis.call('GET', KEYS[2])
if not epoch then
  epoch = ARGV[3]
  redis.call('SET', KEYS[2], epoch)
end
local seq = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
local frame = '{"chId":"' .. ARGV[1] .. '","seq":' .. seq .. ',"epoch":"' .. epoch .. '","data":' .. ARGV[2] .. '}'
redis.call('PUBLISH', KEYS[3], ARGV[1] .. '\\n' .. seq .. '\\n' .. epoch .. '\\n' .. frame)
return seq
`;

type RelayRedis = Redis & { pushPublish(seqKey: string, epochKey: string, channel: string, chId: string, dataJson: string, epoch: string): Promise<number> };

export interface RedisRelayOptions {
  url: string;
  /** Key and channel prefix: instances sharing one must share the prefix ("sport-pc"); tests give each platform its own. */
  prefix?: string;
  /** Each publish that came back: the hub's receive. */
  onFrame(chId: string, seq: number, epoch: string, frame: string): void;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Two connections: Redis lets a subscribed connection do nothing else. Both connect in the background and ioredis
 * queues commands until they are up (and again across a reconnect), so the hub can be built synchronously.
 * Channel names are already restricted to [A-Za-z0-9:_.-] (CHANNEL_NAME), so the script can quote them as they are.
 */
export function createRedisRelay({ url, prefix = 'sport-pc', onFrame, log }: RedisRelayOptions): PushRelay {
  const pub = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: null }) as RelayRedis;
  const sub = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  pub.defineCommand('pushPublish', { numberOfKeys: 3, lua: PUBLISH_SCRIPT });
  const seqKey = `${prefix}:push:seq`;
  const epochKey = `${prefix}:push:epoch`;
  const channel = `${prefix}:push`;
  // A candidate epoch: the first instance to publish after Redis lost its data makes it the epoch of all.
  const candidate = randomBytes(8).toString('base64url');
  for (const connection of [pub, sub]) connection.on('error', (error: Error) => log?.warn({ err: error }, 'redis connection error'));
  void sub.subscribe(channel).catch((error: unknown) => log?.warn({ err: error }, 'redis subscribe failed'));
  sub.on('message', (_channel: string, message: string) => {
    const a = message.indexOf('\n');
    const b = message.indexOf('\n', a + 1);
    const c = message.indexOf('\n', b + 1);
    if (a < 0 || b < 0 || c < 0) return;
    onFrame(message.slice(0, a), Number(message.slice(a + 1, b)), message.slice(b + 1, c), message.slice(c + 1));
  });
  return {
    publish(chId, dataJson) {
      pub.pushPublish(seqKey, epochKey, channel, chId, dataJson, candidate).catch((error: unknown) => log?.warn({ err: error, chId }, 'redis publish failed'));
    },
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
