/**
 * Issue 19, uncached renders are limited per address: a render costs milliseconds of CPU and memory,
 * a cached page almost nothing, so each client address gets a small token bucket of renders (cache
 * misses, and pages never cached). Past it the site serves the page's cached canonical copy (its bare
 * path) when it has one, and 429 otherwise. Concurrent requests sharing one render are not charged.
 * In memory, per instance; the oldest addresses are forgotten past `maxAddresses`.
 */
export interface RenderLimitOptions {
  /** Renders an address may ask for at once. */
  burst: number;
  /** Renders an address gets back per second. */
  perSecond: number;
  maxAddresses: number;
}

export const RENDER_LIMIT: RenderLimitOptions = { burst: 30, perSecond: 3, maxAddresses: 10_000 };

export function createRenderLimit(options: RenderLimitOptions, now: () => number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes one render for `address`: false when its bucket is empty. */
    take(address: string): boolean {
      const time = now();
      const bucket = buckets.get(address) ?? { tokens: options.burst, at: time };
      buckets.delete(address);
      bucket.tokens = Math.min(options.burst, bucket.tokens + ((time - bucket.at) / 1000) * options.perSecond);
      bucket.at = time;
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      // Re-inserted: the Map's first key is the address seen longest ago.
      buckets.set(address, bucket);
      if (buckets.size > options.maxAddresses) buckets.delete(buckets.keys().next().value!);
      return allowed;
    },
  };
}
