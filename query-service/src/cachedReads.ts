import type { FastifyBaseLogger } from 'fastify';
import { answerJson, cachedAnswerKey, type Cache, type CacheArea } from '@toolforge/platform';

/**
 * A query's answer: ready-to-send JSON from the cache (kept by an earlier read or refreshed by the
 * projector after a commit), or loaded from the read model.
 */
export type Answer<T> = { readonly json: string } | { readonly loaded: T };

/**
 * Read-through caching of query answers (docs/architecture.md §6): an answer is looked up under its area's current
 * generation and loaded from the read model on a miss. The cache only ever speeds reads up: when it
 * fails or cannot say which generation is current, the read model answers; a `fresh` read
 * (read-your-writes) skips it, because the cache may not have heard of a commit the checkpoint
 * already shows.
 */
export class CachedReads {
  constructor(
    private readonly cache: Cache,
    private readonly ttlSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async read<T>(area: CacheArea, key: string, load: () => Promise<T>, options: { fresh: boolean }): Promise<Answer<T>> {
    const loaded = async () => ({ loaded: await load() });
    if (options.fresh) return loaded();
    let cacheKey: string;
    try {
      const generation = await this.cache.generation(area);
      // The cache cannot say which generation is current (Redis down): read and keep nothing.
      if (generation === undefined) return loaded();
      cacheKey = cachedAnswerKey(area, generation, key);
      const hit = await this.cache.get(cacheKey);
      if (hit !== undefined) return { json: hit };
    } catch (error) {
      this.log.warn({ err: error }, 'cache unavailable; reading the read model');
      return loaded();
    }
    const answer = await loaded();
    this.cache.set(cacheKey, answerJson(answer.loaded), this.ttlSeconds).catch((error: unknown) => {
      this.log.warn({ err: error }, 'could not cache a query answer');
    });
    return answer;
  }
}
