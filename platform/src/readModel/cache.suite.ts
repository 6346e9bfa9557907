import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_AREAS, type Cache } from './cache.js';

/** The Cache port's behaviour, for every adapter (in-process here, Redis in services mode). */
export function describeCache(adapter: string, open: () => Promise<Cache>): void {
  describe(`Cache on ${adapter}`, () => {
    let cache: Cache;
    beforeEach(async () => {
      cache = await open();
    });
    afterEach(() => cache.close());

    it('answers what was set, and nothing for a key never set', async () => {
      const key = `k-${crypto.randomUUID()}`;
      expect(await cache.get(key)).toBeUndefined();
      await cache.set(key, '{"count":3}', 60);
      expect(await cache.get(key)).toBe('{"count":3}');
      await cache.set(key, '{"count":4}', 60);
      expect(await cache.get(key)).toBe('{"count":4}');
    });

    it('advances only the generations of the areas named, once per call', async () => {
      const catalogue = await cache.generation(CACHE_AREAS.catalogue);
      const orders = await cache.generation(CACHE_AREAS.orders);
      await cache.advance([CACHE_AREAS.catalogue, CACHE_AREAS.catalogue]);
      expect(await cache.generation(CACHE_AREAS.catalogue)).toBe(catalogue + 1);
      expect(await cache.generation(CACHE_AREAS.orders)).toBe(orders);
      await cache.advance([CACHE_AREAS.orders, CACHE_AREAS.catalogue]);
      expect(await cache.generation(CACHE_AREAS.catalogue)).toBe(catalogue + 2);
      expect(await cache.generation(CACHE_AREAS.orders)).toBe(orders + 1);
    });
  });
}
