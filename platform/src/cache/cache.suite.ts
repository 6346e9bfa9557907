import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache, CacheArea } from './cache.js';

/** Two areas, as the shop's reads name theirs. */
export const AREAS = { catalogue: 'catalogue', orders: 'orders' } as const;

/** The Cache port's behaviour, for every adapter (in-process here, Redis in services mode). */
export function describeCache(adapter: string, open: () => Promise<Cache>): void {
  describe(`Cache on ${adapter}`, () => {
    let cache: Cache;
    beforeEach(async () => {
      cache = await open();
    });
    afterEach(() => cache.close());

    /** An available cache always knows the generation. */
    async function generation(area: CacheArea): Promise<number> {
      const current = await cache.generation(area);
      expect(current).toBeTypeOf('number');
      return current!;
    }

    it('answers what was set, and nothing for a key never set', async () => {
      const key = `k-${crypto.randomUUID()}`;
      expect(await cache.get(key)).toBeUndefined();
      await cache.set(key, '{"count":3}', 60);
      expect(await cache.get(key)).toBe('{"count":3}');
      await cache.set(key, '{"count":4}', 60);
      expect(await cache.get(key)).toBe('{"count":4}');
    });

    it('advances only the generations of the areas named, once per call', async () => {
      const catalogue = await generation(AREAS.catalogue);
      const orders = await generation(AREAS.orders);
      await cache.advance([AREAS.catalogue, AREAS.catalogue]);
      expect(await generation(AREAS.catalogue)).toBe(catalogue + 1);
      expect(await generation(AREAS.orders)).toBe(orders);
      await cache.advance([AREAS.orders, AREAS.catalogue]);
      expect(await generation(AREAS.catalogue)).toBe(catalogue + 2);
      expect(await generation(AREAS.orders)).toBe(orders + 1);
      await cache.advance([]);
      expect(await generation(AREAS.orders)).toBe(orders + 1);
    });
  });
}
