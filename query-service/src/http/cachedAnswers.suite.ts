import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { adminGranted, orderPlaced, productAdded, reviewEdited, reviewPosted, userSignedIn } from '@toolforge/contracts/testing';
import { LogEnd } from '@toolforge/platform';
import type { Cache } from '@toolforge/platform/cache';
import { responseSerializer } from '@toolforge/platform/http';
import { queryService } from '../app.js';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

/** The cache, with every answer put into it (by the projector or the query service) written down. */
function recordingCache(inner: Cache, kept: Map<string, string>): Cache {
  return {
    get: (key) => inner.get(key),
    set: async (key, value, ttl) => {
      kept.set(key, value);
      await inner.set(key, value, ttl);
    },
    generation: (area) => inner.generation(area),
    advance: (areas) => inner.advance(areas),
    close: () => inner.close(),
  };
}

/** The stack, its cache recording what is kept in `kept`. */
function recording(stack: QueryStack, kept: Map<string, string>): QueryStack {
  return {
    name: stack.name,
    async open() {
      const opened = await stack.open();
      return { ...opened, cache: recordingCache(opened.cache, kept) };
    },
  };
}

/** Which GET each cached answer is kept for, by its key (toolforge:query:<area>:<generation>:<key>). */
const ROUTE_OF_KEY: readonly (readonly [RegExp, string])[] = [
  [/^toolforge:query:catalogue:\d+:home$/, '/homeproducts'],
  // A filtered count or page has its filter (and sort) after the plain key (catalog/answers.ts).
  [/^toolforge:query:product-counts:\d+:count(:\[.+\])?$/, '/productscount'],
  [/^toolforge:query:catalogue:\d+:page:\d+:\d+(:[a-z-]+)?(:\[.+\])?$/, '/products'],
  [/^toolforge:query:catalogue:\d+:product:.+$/, '/product/:id'],
  [/^toolforge:query:orders:\d+:user:.+$/, '/orders/:uid'],
  [/^toolforge:query:orders:\d+:all(:\d+:\d+)?$/, '/allorders'],
  [/^toolforge:query:reviews:\d+:product:\d+:\d+:.+$/, '/reviews'],
  [/^toolforge:query:reviews:\d+:latest$/, '/latestreviews'],
];

/**
 * The GETs whose answers are never kept: an order's history is read from the log on each request,
 * a customer's cart from the read model (cart/routes.ts), an order's documents rendered from it
 * (documents/routes.ts), a customer's copy of their data gathered from it (privacy/routes.ts).
 */
const NEVER_KEPT: ReadonlySet<string> = new Set([
  '/orders/:id/history',
  '/cart',
  '/orders/:id/invoice.pdf',
  '/orders/:id/credit-notes/:n.pdf',
  // An admin's look at one product's changes, read afresh each time (docs/read-model.md#a-products-stock-history).
  '/products/:id/stock-history',
  // A customer's copy of everything the shop holds of them: one person's, rare, and as it stands (privacy/routes.ts).
  '/me/data',
  // An admin's sales report of a period, whose figures move with every order (docs/read-model.md#the-sales-report).
  '/admin/sales',
]);

function routeOf(key: string): string {
  const route = ROUTE_OF_KEY.find(([pattern]) => pattern.test(key))?.[1];
  expect(route, `no GET claims the cached answer ${key}`).toBeDefined();
  return route!;
}

/** Each GET route of the query service and the schema of its 200 answer, as the routes declare them. */
async function responseSchemas(shop: QueryHarness): Promise<Map<string, ZodType>> {
  const schemas = new Map<string, ZodType>();
  const app = Fastify();
  app.addHook('onRoute', (route) => {
    const ok = (route.schema?.response as Record<number, ZodType> | undefined)?.[200];
    if (route.method === 'GET' && ok) schemas.set(route.url, ok);
  });
  await app.register(queryService, {
    store: shop.store,
    cache: shop.cache,
    jwtSecret: 'a-secret-only-for-listing-the-routes!!',
    logEnd: new LogEnd(shop.log),
    eventsAt: shop.eventsAt,
  });
  await app.ready();
  await app.close();
  return schemas;
}

/**
 * Every answer kept in the cache (the hot answers the projector puts there after a commit, and
 * what the query service keeps after loading) has exactly the fields of its route's response
 * schema, in its order: a cache hit is sent as it is kept, without that schema's serialiser, so a
 * field the DTO mapping adds and the schema does not name would otherwise leave unchecked.
 */
export function describeCachedAnswers(stack: QueryStack): void {
  describe(`cached answers on ${stack.name}`, () => {
    let shop: QueryHarness;
    const kept = new Map<string, string>();

    beforeAll(async () => {
      // Nothing remembered in the process only: every answer the service keeps goes through the cache, and is seen here.
      shop = await startQueryService({ stack: recording(stack, kept), rememberAnswers: false });
      const products = Array.from({ length: 7 }, (_, n) => productAdded({ name: `Tool ${n}`, stock: 20 }));
      await shop.append(
        ...products,
        userSignedIn({ uid: 'u-admin' }),
        adminGranted('u-admin'),
        orderPlaced(products[0]!.data, { userId: 'u-ada', quantity: 2 }),
        orderPlaced(products[1]!.data, { userId: 'u-bo', quantity: 3 }),
        reviewPosted(products[0]!.data, { reviewId: 'r-ada', userId: 'u-ada' }),
        reviewPosted(products[0]!.data, { reviewId: 'r-bo', userId: 'u-bo' }),
        reviewEdited({ reviewId: 'r-bo', productId: products[0]!.data.productId, userId: 'u-bo' }, { rating: 2 }),
      );
      await shop.project();
      const customer = shop.token({ uid: 'u-ada' });
      const admin = shop.token({ uid: 'u-admin', admin: true });
      // Every GET the query service keeps an answer for, past the hot ones the projector keeps.
      const reads: [string, string | undefined][] = [
        ['/homeproducts', undefined],
        ['/productscount', customer],
        ['/products?page=1&size=5', customer],
        ['/productscount?category=hand-tool&q=tool', customer],
        ['/products?category=hand-tool&q=tool&sort=price-desc', customer],
        [`/product/${products[2]!.data.productId}`, customer],
        ['/product/no-such-product', customer],
        ['/orders/u-ada', customer],
        ['/allorders', admin],
        ['/allorders?page=0&size=1', admin],
        [`/reviews?productId=${products[0]!.data.productId}`, undefined],
        ['/latestreviews', undefined],
      ];
      for (const [url, token] of reads) expect((await shop.get(url, { token })).statusCode, url).toBeLessThan(500);
    });
    afterAll(() => shop.close());

    it('have exactly the fields of their route’s response schema, in its order, byte for byte as its serialiser writes them', async () => {
      const schemas = await responseSchemas(shop);
      const checked = new Set<string>();
      for (const [key, json] of kept) {
        const route = routeOf(key);
        const body: unknown = JSON.parse(json);
        // An unknown product is kept as null, and answered 404 whatever the schema says.
        if (body === null && route === '/product/:id') continue;
        const schema = schemas.get(route)!;
        // Parsing drops a field the schema does not name and fails on one it lacks: equal means the same fields.
        expect(schema.parse(body), key).toStrictEqual(body);
        expect(json, key).toBe(responseSerializer(schema)(body));
        checked.add(route);
      }
      // Each GET route was asked and kept its answer, the hot ones from the projector among them.
      expect([...checked].sort()).toEqual([...schemas.keys()].filter((route) => !NEVER_KEPT.has(route)).sort());
      expect([...kept.keys()].filter((key) => /:page:0:5$/.test(key))).not.toEqual([]);
      expect([...kept.keys()].filter((key) => key.endsWith(':page:0:10:price-desc:["hand-tool","tool"]'))).not.toEqual([]);
    });
  });
}
