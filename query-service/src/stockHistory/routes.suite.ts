import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatPosition,
  messages,
  stockHistoryPath,
  type ApiError,
  type EventMeta,
  type ProductDto,
  type ShopEvent,
  type StockChangeDto,
  type StockHistoryResponse,
} from '@toolforge/contracts';
import { orderCancelled, orderMoved, orderPlaced, productAdded, stockAdjusted } from '@toolforge/contracts/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

/** The nth minute of the tests' history, with an event id that sorts as the shop's (UUIDv7) do. */
const at = (minute: number): Partial<EventMeta> => {
  const millis = Date.parse('2026-04-06T08:00:00.000Z') + minute * 60_000;
  const hex = millis.toString(16).padStart(12, '0');
  return {
    occurredAt: new Date(millis).toISOString(),
    eventId: `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-${String(minute).padStart(12, '0')}`,
  };
};

/** GET /products/:id/stock-history on a stack (embedded, or the servers). */
export function describeStockHistoryQueries(stack: QueryStack): void {
  describe(`stock history queries on ${stack.name}`, () => {
    let shop: QueryHarness;
    /** Each event's position in the log, by the minute it occurred at. */
    const positions = new Map<number, string>();
    const admin = () => shop.token({ uid: 'u-admin', admin: true });
    const ada = () => shop.token({ uid: 'u-ada' });
    const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50, stock: 10, minOrder: 1 }, at(0));
    const kept = orderPlaced(vise.data, { orderId: 'o-kept', userId: 'u-ada', quantity: 2 }, at(2));
    const dropped = orderPlaced(vise.data, { orderId: 'o-dropped', userId: 'u-ada', quantity: 3 }, at(3));

    /** Appends events, each at its minute, and keeps where each went. */
    async function append(...events: [minute: number, event: ShopEvent][]) {
      const results = await shop.append(...events.map(([, event]) => event));
      events.forEach(([minute], index) => positions.set(minute, formatPosition(results[index]!.stored[0]!.position)));
    }

    const change = (
      minute: number,
      type: StockChangeDto['type'],
      moved: [onHand: number, reserved: number],
      after: [onHand: number, reserved: number],
      orderId: string | null = null,
    ): StockChangeDto => ({
      position: positions.get(minute)!,
      type,
      eventId: at(minute).eventId!,
      occurredAt: at(minute).occurredAt!,
      onHandDelta: moved[0],
      reservedDelta: moved[1],
      onHandAfter: after[0],
      reservedAfter: after[1],
      orderId,
    });

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      await append(
        [0, vise],
        [1, stockAdjusted('p-vise', 5, 'delivery', at(1))],
        [2, kept],
        [3, dropped],
        [4, orderMoved(kept.data, 'OrderPaid', at(4))],
        [5, orderCancelled(dropped.data, { reason: 'ordered twice' }, at(5))],
        [6, stockAdjusted('p-vise', -1, 'damaged', at(6))],
      );
      await shop.project();
    });
    afterAll(() => shop.close());

    it('answers an admin the product’s changes newest first with the figures after each: the newest the product’s own', async () => {
      const response = await shop.get(stockHistoryPath('p-vise'), { token: admin() });
      expect(response.statusCode).toBe(200);
      expect(response.json<StockHistoryResponse>()).toEqual({
        total: 6,
        changes: [
          change(6, 'StockAdjusted', [-1, 0], [14, 2]),
          change(5, 'OrderCancelled', [0, -3], [15, 2], 'o-dropped'),
          change(3, 'OrderPlaced', [0, 3], [15, 5], 'o-dropped'),
          change(2, 'OrderPlaced', [0, 2], [15, 2], 'o-kept'),
          change(1, 'StockAdjusted', [5, 0], [15, 0]),
          change(0, 'ProductAdded', [10, 0], [10, 0]),
        ],
      });
      // What the product page says is left to order: on hand less reserved, after the newest change.
      const product = await shop.get('/product/p-vise', { token: admin() });
      expect(product.json<ProductDto>().stock).toBe(14 - 2);
      // The first page again, named: the same answer.
      expect((await shop.get(`${stockHistoryPath('p-vise')}?page=0`, { token: admin() })).body).toBe(response.body);
    });

    it('pages by 50, newest first, and answers the total with an empty page past the last', async () => {
      const hammer = productAdded({ productId: 'p-hammer', stock: 0 }, at(10));
      await append(
        [10, hammer],
        ...Array.from({ length: 54 }, (_, n): [number, ShopEvent] => [11 + n, stockAdjusted('p-hammer', 1, 'delivery', at(11 + n))]),
      );
      await shop.project();
      const page = async (n: number) =>
        (await shop.get(`${stockHistoryPath('p-hammer')}?page=${n}`, { token: admin() })).json<StockHistoryResponse>();
      const [first, second, past] = [await page(0), await page(1), await page(2)];
      expect([first.total, second.total, past.total]).toEqual([55, 55, 55]);
      expect(first.changes.map((c) => c.onHandAfter)).toEqual(Array.from({ length: 50 }, (_, n) => 54 - n));
      expect(second.changes.map((c) => [c.type, c.onHandAfter])).toEqual([
        ['StockAdjusted', 4],
        ['StockAdjusted', 3],
        ['StockAdjusted', 2],
        ['StockAdjusted', 1],
        ['ProductAdded', 0],
      ]);
      expect(past.changes).toEqual([]);
    });

    it('refuses no token with 401, a customer with 403, a product never added with 404, a page that is no whole number from 0 with 400', async () => {
      const refused = async (path: string, token: string | undefined, statusCode: number, message?: string) => {
        const response = await shop.get(path, { token });
        expect(response.statusCode, path).toBe(statusCode);
        if (message) expect(response.json<ApiError>().message, path).toBe(message);
      };
      await refused(stockHistoryPath('p-vise'), undefined, 401);
      await refused(stockHistoryPath('p-vise'), 'not-a-token', 401);
      await refused(stockHistoryPath('p-vise'), ada(), 403, messages.forbiddenAdmin);
      await refused(stockHistoryPath('p-never-added'), admin(), 404, messages.productNotFound);
      for (const page of ['-1', 'one', '1.5', '1e3', '', '1234567890']) {
        await refused(`${stockHistoryPath('p-vise')}?page=${page}`, admin(), 400, 'page should be a whole number from 0');
      }
      await refused(`${stockHistoryPath('p-vise')}?page=0&size=10`, admin(), 400);
      await refused(stockHistoryPath('p-vise\u202e'), admin(), 400);
    });
  });
}
