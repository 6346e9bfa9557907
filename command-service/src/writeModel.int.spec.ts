import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import type { EmbeddedPostgres as PGlite } from '@toolforge/platform/pglite';
import { TOPICS, formatCents, messages, totalCostCents, type ApiError, type ShopEvent } from '@toolforge/contracts';
import { startCommandService, type CommandHarness } from './test/harness.js';

/** docs/architecture.md#4-the-command-side: the write model is rebuilt from the log at start, so a restart forgets nothing. */
describe('write model rebuilt from the log', () => {
  let db: PGlite;
  let first: CommandHarness;

  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
    first = await startCommandService({ db });
  });
  afterAll(() => db.close());

  it('keeps stock reservations, deletions, roles and idempotency keys across a restart', async () => {
    const admin = await first.admin();
    const customer = await first.customer();
    const other = await first.customer('Other Customer');
    const productId = await first.addProduct(admin, { price: '10', stock: '30', minOrder: '5' });
    const deletedId = await first.addProduct(admin);
    await first.send({ method: 'DELETE', url: `/deleteproduct/${deletedId}`, token: admin.accessToken });
    const order = (quantity: number, by = customer) => ({
      productId,
      userId: by.uid,
      totalCost: Number(formatCents(totalCostCents(10_00, quantity))),
      shippingAddress: '1 Forge Lane',
      orderQuantity: quantity,
    });
    const place = (on: CommandHarness, quantity: number, by = customer, headers: Record<string, string> = {}) =>
      on.send({ method: 'POST', url: '/order', token: by.accessToken, headers, payload: order(quantity, by) });
    const key = crypto.randomUUID();
    const placed = await place(first, 15, customer, { 'idempotency-key': key });
    expect(placed.statusCode).toBe(200);
    const theirs = await place(first, 10, other);
    expect(theirs.statusCode).toBe(200);
    await first.app.close();

    // A new service on the same log; same JWT secret, so the old tokens still verify.
    const second = await startCommandService({ db });
    try {
      const retry = await place(second, 15, customer, { 'idempotency-key': key });
      expect(retry.json()).toEqual(placed.json());
      const tooMany = await place(second, 6, other);
      expect(tooMany.json<ApiError>().message).toBe('Maximum order quantity is 5');
      const overTheirShare = await place(second, 5);
      expect(overTheirShare.json<ApiError>().message).toBe('Maximum order quantity is 0');
      const deleted = await second.send({ method: 'DELETE', url: `/deleteproduct/${deletedId}`, token: admin.accessToken });
      expect(deleted.statusCode).toBe(404);
      const stillAdmin = await second.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: admin.accessToken });
      expect(stillAdmin.statusCode).toBe(200);
    } finally {
      await second.app.close();
    }
  });

  it('reads a product and an order written before orders had lines (schema version 1) as today’s, and decides on them', async () => {
    const shop = await startCommandService({ db });
    const admin = await shop.admin();
    const customer = await shop.customer();
    const productId = crypto.randomUUID();
    const orderId = crypto.randomUUID();
    const v1 = { actor: null, commandId: crypto.randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 };
    // As the shop of version 1 wrote them: a product without ladder or pack size, an order of one product.
    const productAdded = {
      type: 'ProductAdded',
      data: {
        productId,
        name: 'Bench Vise',
        category: 'hand-tool',
        model: 'BV-4',
        imageUrl: '/images/products/bench-vise.svg',
        priceCents: 10_00,
        stock: 30,
        minOrder: 1,
        description: 'Cast iron body, four-inch jaws and a swivel base.',
      },
      meta: { ...v1, eventId: crypto.randomUUID() },
    };
    const orderPlaced = {
      type: 'OrderPlaced',
      data: {
        orderId,
        productId,
        productName: 'Bench Vise',
        userId: customer.uid,
        userName: 'Ada Customer',
        quantity: 12,
        unitPriceCents: 10_00,
        totalCostCents: totalCostCents(10_00, 12),
        shippingAddress: '1 Forge Lane',
        status: 'pending',
        payment: false,
      },
      meta: { ...v1, eventId: crypto.randomUUID(), actor: customer.uid },
    };
    await shop.log.append({
      topic: TOPICS.products,
      streamId: productId,
      expectedVersion: 0,
      events: [productAdded as unknown as ShopEvent],
    });
    await shop.log.append({ topic: TOPICS.orders, streamId: orderId, expectedVersion: 0, events: [orderPlaced as unknown as ShopEvent] });
    await shop.app.close();

    const restarted = await startCommandService({ db });
    try {
      const order = (quantity: number) => ({
        productId,
        userId: customer.uid,
        totalCost: Number(formatCents(totalCostCents(10_00, quantity))),
        shippingAddress: '1 Forge Lane',
        orderQuantity: quantity,
      });
      const place = (quantity: number) =>
        restarted.send({ method: 'POST', url: '/order', token: customer.accessToken, payload: order(quantity) });
      // The old order holds 12 of the customer's 15 (half of the stock).
      const overTheirShare = await place(4);
      expect(overTheirShare.json<ApiError>().message).toBe(messages.maxOrderQuantity(3));
      // Cancelled, it gives its one line back.
      const cancel = await restarted.send({
        method: 'POST',
        url: `/orders/${orderId}/cancel`,
        token: customer.accessToken,
        payload: { reason: '' },
      });
      expect(cancel.statusCode).toBe(200);
      const [, cancelled] = await restarted.eventsOf(orderId);
      expect(cancelled).toMatchObject({
        type: 'OrderCancelled',
        data: { orderId, userId: customer.uid, lines: [{ productId, quantity: 12 }] },
      });
      // The old product is sold in units of one at its price: 7 is not refused for packs.
      expect((await place(7)).statusCode).toBe(200);
      // An admin's edit of its minimum keeps the ladder's rules as the upcast left them: no steps, packs of one.
      const edit = {
        name: 'Bench Vise',
        category: 'hand-tool',
        model: 'BV-4',
        imageUrl: '/images/products/bench-vise.svg',
        price: '10',
        minOrder: '2',
        description: 'Cast iron body, four-inch jaws and a swivel base.',
      };
      const edited = await restarted.send({ method: 'PUT', url: `/product/${productId}`, token: admin.accessToken, payload: edit });
      expect(edited.statusCode).toBe(200);
    } finally {
      await restarted.app.close();
    }
  });

  it('decides again on the log’s newest state when another writer got to the stream first', async () => {
    const a = await startCommandService({ db });
    const admin = await a.admin();
    const productId = await a.addProduct(admin);
    // b folds the log as it is now: it knows the product, undeleted.
    const b = await startCommandService({ db });
    try {
      expect((await a.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: admin.accessToken })).statusCode).toBe(200);
      const before = await b.eventCount();
      // b's append expects the stream at version 1; it is at 2, so b catches up and decides again.
      const late = await b.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: admin.accessToken });
      expect(late.statusCode).toBe(404);
      expect(await b.eventCount()).toBe(before);
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});
