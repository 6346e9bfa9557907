import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  READ_AFTER_SATISFIED_HEADER,
  formatPosition,
  messages,
  type CountResponse,
  type OrderDto,
  type OrderPlaced,
  type ProductAdded,
  type ProductDto,
} from '@toolforge/contracts';
import { orderPlaced, productAdded } from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import type { Cache } from '@toolforge/platform/cache';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

/** Read-your-writes and the cache as a mere speed-up, on a stack (embedded, or the servers). */
export function describeReadAfter(stack: QueryStack): void {
  describe(`read-your-writes (X-Read-After) on ${stack.name}`, () => {
    let shop: QueryHarness;
    let product: ProductAdded['data'];
    let ada: string;
    beforeAll(async () => {
      // A short bound keeps the give-up case quick; the spec's 2 s is the default.
      shop = await startQueryService({ stack, readAfterTimeoutMs: 400 });
      const added = productAdded({ stock: 1000 });
      product = added.data;
      await shop.append(added);
      await shop.project();
      ada = shop.token({ uid: 'u-ada' });
    });
    afterAll(() => shop.close());
    // Each test starts with the projector stopped and the read model caught up.
    afterEach(async () => {
      await shop.projector.stop();
      await shop.project();
    });

    const ordersOfAda = async (headers: Record<string, string> = {}) => {
      const response = await shop.get('/orders/u-ada', { token: ada, headers });
      expect(response.statusCode).toBe(200);
      return { response, ids: response.json<OrderDto[]>().map((order) => order._id) };
    };

    it('waits until the projector has passed the position, then shows the write', async () => {
      // Warm the cache with the list as it is before the order.
      const before = (await ordersOfAda()).ids;
      const [placed] = await shop.append(orderPlaced(product, { userId: 'u-ada' }));
      const orderId = (placed!.stored[0] as StoredEvent<OrderPlaced>).data.orderId;

      // Nothing projects yet: without the header the order is not there.
      expect((await ordersOfAda()).ids).toEqual(before);
      const started = Date.now();
      const reading = ordersOfAda({ 'x-read-after': formatPosition(placed!.position) });
      setTimeout(() => shop.projector.start(), 150);
      const { response, ids } = await reading;
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      expect(response.headers[READ_AFTER_SATISFIED_HEADER]).toBe('true');
      expect(ids).toEqual([orderId, ...before]);
    });

    it('gives up after the bound and answers what the read model has, saying so', async () => {
      const before = (await ordersOfAda()).ids;
      const [placed] = await shop.append(orderPlaced(product, { userId: 'u-ada' }));
      const started = Date.now();
      const { response, ids } = await ordersOfAda({ 'x-read-after': formatPosition(placed!.position) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(response.headers[READ_AFTER_SATISFIED_HEADER]).toBe('false');
      expect(ids).toEqual(before);
    });

    it('answers at once when the position is already applied, for any GET', async () => {
      shop.projector.start();
      const stockBefore = (await shop.get(`/product/${product.productId}`, { token: ada })).json<ProductDto>().stock;
      const [placed] = await shop.append(orderPlaced(product, { userId: 'u-ada', quantity: 10 }));
      const response = await shop.get(`/product/${product.productId}`, {
        token: ada,
        headers: { 'x-read-after': formatPosition(placed!.position) },
      });
      expect(response.headers[READ_AFTER_SATISFIED_HEADER]).toBe('true');
      expect(response.json<ProductDto>().stock).toBe(stockBefore - 10);
    });

    it('waits for every position of a comma-separated list', async () => {
      shop.projector.start();
      const countBefore = (await shop.get('/productscount', { token: ada })).json<CountResponse>().count;
      const [order] = await shop.append(orderPlaced(product, { userId: 'u-ada' }));
      const [other] = await shop.append(productAdded());
      const header = `${formatPosition(order!.position)}, ${formatPosition(other!.position)}`;
      const response = await shop.get('/productscount', { token: ada, headers: { 'x-read-after': header } });
      expect(response.headers[READ_AFTER_SATISFIED_HEADER]).toBe('true');
      expect(response.json()).toEqual({ count: countBefore + 1 });
    });

    it.each(['nonsense', 'sales.orders/0', 'sales.orders/x/1', 'no.such.topic/0/1', 'sales.orders/0/1,'])(
      'refuses the malformed token %j with 400',
      async (token) => {
        const response = await shop.get('/productscount', { token: ada, headers: { 'x-read-after': token } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: messages.readAfterToken });
      },
    );

    it('refuses a position the log has not reached with 400, without waiting', async () => {
      const [placed] = await shop.append(orderPlaced(product, { userId: 'u-ada' }));
      const { topic, partition, offset } = placed!.position;
      for (const beyond of [`${topic}/${partition}/${offset + 1_000_000}`, `${topic}/99/0`]) {
        const response = await shop.get('/productscount', { token: ada, headers: { 'x-read-after': beyond } });
        expect(response.statusCode, beyond).toBe(400);
        expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: messages.readAfterBeyondLog });
      }
    });

    it('ignores the header on a public route: no wait, no X-Read-After-Satisfied', async () => {
      const [placed] = await shop.append(orderPlaced(product, { userId: 'u-ada' }));
      // Neither a position the projector has not passed, nor one past the log, nor nonsense holds it.
      for (const header of [formatPosition(placed!.position), 'sales.orders/0/999999999', 'nonsense']) {
        const response = await shop.get('/homeproducts', { headers: { 'x-read-after': header } });
        expect(response.statusCode, header).toBe(200);
        expect(response.headers[READ_AFTER_SATISFIED_HEADER], header).toBeUndefined();
      }
    });

    it('does not make a caller without a valid token wait', async () => {
      const started = Date.now();
      const response = await shop.get('/productscount', { headers: { 'x-read-after': 'sales.orders/0/999' } });
      expect(response.statusCode).toBe(401);
      expect(Date.now() - started).toBeLessThan(390);
    });
  });

  describe(`limits on ${stack.name}`, () => {
    let shop: QueryHarness;
    let position: string;
    beforeAll(async () => {
      shop = await startQueryService({
        stack,
        maxWaiters: 1,
        readAfterTimeoutMs: 5000,
        rateLimit: { max: 3, timeWindowMs: 60_000, per: 'user' },
      });
      const added = productAdded();
      await shop.append(added);
      await shop.project();
      // Appended, never projected: a wait for it lasts until its bound.
      position = formatPosition((await shop.append(orderPlaced(added.data, { userId: 'u-ada' })))[0]!.position);
    });
    afterAll(() => shop.close());

    it('answers at once, not satisfied, when as many requests wait as allowed', async () => {
      const waiting = shop.get('/orders/u-ada', { token: shop.token({ uid: 'u-ada' }), headers: { 'x-read-after': position } });
      await expect.poll(() => shop.checkpoints.waiting).toBe(1);
      const turnedAway = await shop.get('/orders/u-bo', { token: shop.token({ uid: 'u-bo' }), headers: { 'x-read-after': position } });
      expect(turnedAway.statusCode).toBe(200);
      expect(turnedAway.headers[READ_AFTER_SATISFIED_HEADER]).toBe('false');
      // The first one is released by the projector.
      shop.projector.start();
      expect((await waiting).headers[READ_AFTER_SATISFIED_HEADER]).toBe('true');
      await shop.projector.stop();
    });

    it('limits each caller on each query route, then answers 429; others and /health go on', async () => {
      const grace = shop.token({ uid: 'u-grace' });
      for (let call = 0; call < 3; call += 1) expect((await shop.get('/productscount', { token: grace })).statusCode).toBe(200);
      const limited = await shop.get('/productscount', { token: grace });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: messages.tooManyRequests });
      expect((await shop.get('/productscount', { token: shop.token({ uid: 'u-hedy' }) })).statusCode).toBe(200);

      // A public route counts per address.
      for (let call = 0; call < 3; call += 1) expect((await shop.get('/homeproducts', { remoteAddress: '10.0.0.7' })).statusCode).toBe(200);
      expect((await shop.get('/homeproducts', { remoteAddress: '10.0.0.7' })).statusCode).toBe(429);
      expect((await shop.get('/homeproducts', { remoteAddress: '10.0.0.8' })).statusCode).toBe(200);
      for (let call = 0; call < 5; call += 1) expect((await shop.get('/health', { remoteAddress: '10.0.0.7' })).statusCode).toBe(200);
    });
  });

  describe('the cache', () => {
    it('is only a speed-up: when it fails, the read model answers', async () => {
      const down = () => Promise.reject(new Error('cache down'));
      const broken: Cache = { get: down, set: down, generation: down, advance: down, close: () => Promise.resolve(undefined) };
      const shop = await startQueryService({ stack, cache: broken });
      try {
        await shop.append(productAdded());
        await shop.project();
        const response = await shop.get('/productscount', { token: shop.token({ uid: 'u-ada' }) });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ count: 1 });
      } finally {
        await shop.close();
      }
    });
  });
}
