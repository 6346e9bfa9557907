import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZES, formatPosition, type LogPosition } from '@toolforge/contracts';
import { orderPlaced, productAdded } from '@toolforge/contracts/testing';
import { cachedAnswerKey, type CacheArea } from '@toolforge/platform/cache';
import { CACHE_AREAS, catalogueKeys } from '@toolforge/read-model';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

/** The hot catalogue GETs and the cache entries the projector refreshes for them, each in its area. */
const HOT_GETS: readonly { url: string; key: string; area?: CacheArea }[] = [
  { url: '/homeproducts', key: catalogueKeys.home },
  { url: '/productscount', key: catalogueKeys.count, area: CACHE_AREAS.productCounts },
  ...PAGE_SIZES.map((size) => ({ url: `/products?page=0&size=${size}`, key: catalogueKeys.page(0, size) })),
  // The web's first visit asks without a query: page 0 of 10.
  { url: '/products', key: catalogueKeys.page(0, 10) },
];

/** The hot answers are in the cache after each commit, before anyone asks, and are served from there. */
export function describeHotAnswers(stack: QueryStack): void {
  describe(`hot catalogue answers on ${stack.name}`, () => {
    let shop: QueryHarness;
    let customer: string;
    let last: LogPosition;
    const cached = async (key: string, area: CacheArea = CACHE_AREAS.catalogue) => {
      const generation = await shop.cache.generation(area);
      return shop.cache.get(cachedAnswerKey(area, generation!, key));
    };
    const cachedCount = () => cached(catalogueKeys.count, CACHE_AREAS.productCounts);
    /** What the GET answers from the read model itself (X-Read-After skips the cache). */
    const fromReadModel = async (url: string) => {
      const response = await shop.get(url, { token: customer, headers: { 'x-read-after': formatPosition(last) } });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      customer = shop.token({ uid: 'u-ada' });
      for (let n = 0; n < 12; n += 1) last = (await shop.append(productAdded({ name: `Tool ${n}`, stock: 10 + n })))[0]!.position;
      await shop.project();
    });
    afterAll(() => shop.close());
    afterEach(() => vi.restoreAllMocks());

    it('are in the cache under the new generation after a commit, before any GET, as the GETs answer them', async () => {
      for (const { url, key, area } of HOT_GETS) {
        const answer = await cached(key, area);
        expect(answer, key).toBeDefined();
        expect(answer, url).toBe(await fromReadModel(url));
      }
      expect(JSON.parse((await cachedCount())!)).toEqual({ count: 12 });
    });

    it('are served from the cache as they are, without asking the read model', async () => {
      const lists = vi.spyOn(shop.store, 'listProducts');
      const counts = vi.spyOn(shop.store, 'countProducts');
      // Sent byte for byte as kept, not parsed and written again (the entry is rewritten before this
      // process first reads it: an answer under a generation is written once, and may be remembered).
      const countArea = CACHE_AREAS.productCounts;
      const countKey = cachedAnswerKey(countArea, (await shop.cache.generation(countArea))!, catalogueKeys.count);
      await shop.cache.set(countKey, '{ "count": 12 }', 60);
      expect((await shop.get('/productscount', { token: customer })).body).toBe('{ "count": 12 }');

      for (const { url, key, area } of HOT_GETS) {
        const response = await shop.get(url, { token: customer });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
        expect(response.body, url).toBe(await cached(key, area));
      }
      expect(lists).not.toHaveBeenCalled();
      expect(counts).not.toHaveBeenCalled();

      // A page nobody refreshed is loaded once, then kept.
      expect((await shop.get('/products?page=1&size=5', { token: customer })).body).toBe(await fromReadModel('/products?page=1&size=5'));
      lists.mockClear();
      expect((await shop.get('/products?page=1&size=5', { token: customer })).statusCode).toBe(200);
      expect(lists).not.toHaveBeenCalled();
    });

    it('move to the next generation with the next commit', async () => {
      const before = await shop.cache.generation(CACHE_AREAS.catalogue);
      last = (await shop.append(productAdded({ name: 'Tool 12' })))[0]!.position;
      await shop.project();
      expect(await shop.cache.generation(CACHE_AREAS.catalogue)).toBeGreaterThan(before!);
      expect(await cachedCount()).toBe('{"count":13}');
      expect((JSON.parse((await cached(catalogueKeys.home))!) as unknown[])[0]).toMatchObject({ name: 'Tool 12' });
      expect(await cached(catalogueKeys.home)).toBe(await fromReadModel('/homeproducts'));
    });

    it('leave the counts where they are when an order only reserves stock: nothing is counted again', async () => {
      const drill = productAdded({ name: 'Drill', stock: 5 });
      await shop.append(drill);
      await shop.project();
      const [catalogue, counts] = [
        await shop.cache.generation(CACHE_AREAS.catalogue),
        await shop.cache.generation(CACHE_AREAS.productCounts),
      ];
      const counted = vi.spyOn(shop.store, 'countProducts');
      last = (await shop.append(orderPlaced(drill.data, { userId: 'u-ada', quantity: 2 })))[0]!.position;
      await shop.project();
      expect(await shop.cache.generation(CACHE_AREAS.catalogue)).toBeGreaterThan(catalogue!);
      expect(await shop.cache.generation(CACHE_AREAS.productCounts)).toBe(counts);
      expect(counted).not.toHaveBeenCalled();
      expect(await cachedCount()).toBe(await fromReadModel('/productscount'));
      expect(await cached(catalogueKeys.home)).toBe(await fromReadModel('/homeproducts'));
    });
  });
}
