import type { BucketTake } from './limitStore';

export interface BucketLimits {
  burst: number;
  perMinute: number;
}

/**
 * Token buckets per key (a client address, a member) under one name, for the platform's limit store (limitStore.ts:
 * in memory per instance, or shared by every instance through Redis). Gives what to take from `key`'s bucket; the
 * store takes from several at once, all or nothing.
 */
export function keyedBuckets(name: string, { burst, perMinute }: BucketLimits): (key: string, cost: number) => BucketTake {
  const perMs = perMinute / 60_000;
  return (key, cost) => ({ key: `${name}:${key}`, cost, burst, perMs });
}
