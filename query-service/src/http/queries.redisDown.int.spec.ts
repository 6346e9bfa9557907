import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPlaced, productAdded } from '@toolforge/contracts/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import { serversStack } from '../test/stacks.js';
import { describeCatalogueQueries } from '../catalog/routes.suite.js';
import { describeOrderQueries } from '../orders/routes.suite.js';

// Redis is down (nothing listens on port 1): every GET answers from PostgreSQL, as before.
const redisDown = serversStack({ redisUrl: 'redis://127.0.0.1:1', name: 'PostgreSQL with Redis down' });
describeCatalogueQueries(redisDown);
describeOrderQueries(redisDown);

describe('every GET with Redis down', () => {
  let shop: QueryHarness;
  let productId: string;
  beforeAll(async () => {
    shop = await startQueryService({ stack: redisDown });
    const added = productAdded({ stock: 30 });
    productId = added.data.productId;
    await shop.append(added, orderPlaced(added.data, { userId: 'u-ada', quantity: 2 }));
    await shop.project();
  });
  afterAll(() => shop.close());

  it('answers at once from PostgreSQL, never waiting on the cache', async () => {
    const customer = shop.token({ uid: 'u-ada' });
    const admin = shop.token({ uid: 'u-admin', admin: true });
    const calls: [string, string | undefined, (body: unknown) => void][] = [
      ['/homeproducts', undefined, (body) => expect(body).toMatchObject([{ productId, stock: 28 }])],
      ['/productscount', customer, (body) => expect(body).toEqual({ count: 1 })],
      ['/products?page=0&size=5', customer, (body) => expect(body).toMatchObject([{ productId }])],
      [`/product/${productId}`, customer, (body) => expect(body).toMatchObject({ productId, stock: 28 })],
      ['/orders/u-ada', customer, (body) => expect(body).toMatchObject([{ productId, orderQuantity: 2 }])],
      ['/allorders', admin, (body) => expect(body).toMatchObject([{ userId: 'u-ada' }])],
    ];
    for (const [url, token, check] of calls) {
      // Twice: a second read would be a cache hit if Redis were up.
      for (let round = 0; round < 2; round += 1) {
        const started = performance.now();
        const response = await shop.get(url, { token });
        expect(performance.now() - started, url).toBeLessThan(500);
        expect(response.statusCode, url).toBe(200);
        check(response.json());
      }
    }
  });
});
