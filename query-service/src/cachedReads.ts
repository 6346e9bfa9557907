import type { FastifyBaseLogger } from 'fastify';
import type { Cache, CacheArea } from '@toolforge/platform';

const NAMESPACE = 'toolforge:query';

/**
 * Read-through caching of query answers (DESIGN §6): an answer is looked up under its area's current
 * generation and loaded from the read model on a miss. The cache only ever speeds reads up: when it
 * fails, the read model answers; a `fresh` read (read-your-writes) skips it, because the cache may
 * not have heard of a commit the checkpoint already shows.
 */
export class CachedReads {
  constructor(
    private readonly cache: Cache,
    private readonly ttlSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async read<T>(area: CacheArea, key: string, load: () => Promise<T>, options: { fresh: boolean }): Promise<T> {
    if (options.fresh) return load();
    let cacheKey: string;
    try {
      cacheKey = `${NAMESPACE}:${area}:${await this.cache.generation(area)}:${key}`;
      const hit = await this.cache.get(cacheKey);
      if (hit !== undefined) return JSON.parse(hit) as T;
    } catch (error) {
      this.log.warn({ err: error }, 'cache unavailable; reading the read model');
      return load();
    }
    const value = await load();
    // null stands for "none" (an unknown product), which is worth caching too.
    this.cache.set(cacheKey, JSON.stringify(value ?? null), this.ttlSeconds).catch((error: unknown) => {
      this.log.warn({ err: error }, 'could not cache a query answer');
    });
    return value;
  }
}
