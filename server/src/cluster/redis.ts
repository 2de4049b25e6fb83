import type { Redis, RedisOptions } from 'ioredis';

/**
 * A new Redis connection (REDIS_URL). ioredis is loaded here, when a platform first connects, rather than when the
 * platform's modules load: at load it builds a method for every Redis command (about 0.2 s of CPU), which a platform
 * on one machine (no REDIS_URL) never uses, and every platform test file paid it again.
 */
export function connectRedis(url: string, options: RedisOptions): Redis {
  const { Redis: Client } = require('ioredis') as typeof import('ioredis');
  return new Client(url, options);
}
