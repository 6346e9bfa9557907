import { describe, expect, it } from 'vitest';
import { EXPIRED_REASON, addProductSchema, formatCents, placeOrderSchema, totalCostCents } from '@toolforge/contracts';
import type { LogWriterStatus } from '@toolforge/platform';
import { Catalogue } from '../catalog/catalogue.js';
import { CommandHandler } from '../shared/commandHandler.js';
import { WriteModel, type ModelEvent } from '../shared/writeModel.js';
import { validProduct } from '../test/harness.js';
import { memoryLog } from '../test/memoryLog.js';
import { orderParts, ordersOn } from '../test/orderParts.js';
import type { OrderState } from './order.js';
import { ReservationQueue } from './reservationQueue.js';
import { ReservationSweeper, SWEEP_CHUNK } from './reservationSweeper.js';

const TTL = 30 * 60_000;
const START = Date.parse('2026-03-01T09:00:00.000Z');

/** A shop on an in-memory log whose clock the test moves; the sweeper is run by hand (no timers). */
async function shopAt(writer?: LogWriterStatus) {
  const memory = memoryLog();
  let now = START;
  const clock = () => new Date(now);
  const parts = orderParts();
  const queue = new ReservationQueue(parts.orders);
  const handler = new CommandHandler({ log: memory.log, model: new WriteModel([...parts.parts, queue]), clock });
  const orders = ordersOn(handler, parts, { admins: ['admin-uid'] });
  // Stock enough for every test's orders: 1000, of which one customer may hold 500.
  const product = addProductSchema.parse({ ...validProduct, stock: '1000', minOrder: '1' });
  const { productId } = await new Catalogue({ handler, products: parts.products }).addProduct('admin-uid', product);
  const sweeper = new ReservationSweeper({
    orders,
    queue,
    ttlMs: TTL,
    clock,
    writer,
    logger: { info: () => undefined, warn: () => undefined },
  });
  const place = async (uid: string, quantity = 1) => {
    const order = {
      productId,
      userId: uid,
      totalCost: Number(formatCents(totalCostCents(10_00, quantity))),
      shippingAddress: '1 Forge Lane',
      orderQuantity: quantity,
    };
    return (await orders.placeOrder(uid, placeOrderSchema.parse(order))).orderId;
  };
  const cancellations = () => memory.events.filter((event) => event.type === 'OrderCancelled');
  return {
    ...memory,
    parts,
    queue,
    orders,
    sweeper,
    place,
    cancellations,
    productId,
    /** Moves the shop's clock on by `ms`. */
    later: (ms: number) => (now += ms),
  };
}

describe('ReservationSweeper', () => {
  it('cancels an unpaid pending order once RESERVATION_TTL has passed, as the shop, exactly once', async () => {
    const shop = await shopAt();
    const orderId = await shop.place('u1', 4);
    shop.later(TTL - 1);
    expect(await shop.sweeper.sweep()).toBe(0);
    shop.later(1);
    expect(await shop.sweeper.sweep()).toBe(1);
    expect(shop.cancellations()).toEqual([
      expect.objectContaining({
        streamId: orderId,
        data: { orderId, userId: 'u1', lines: [{ productId: shop.productId, quantity: 4 }], reason: EXPIRED_REASON, by: null },
        meta: expect.objectContaining({ actor: null, occurredAt: new Date(START + TTL).toISOString() }),
      }),
    ]);
    // The stock is back and the hold released.
    expect(shop.parts.products.get(shop.productId)).toMatchObject({ availableStock: 1000 });
    expect(shop.parts.products.get(shop.productId)?.holds.of('u1')).toBe(0);
    shop.later(TTL);
    expect(await shop.sweeper.sweep()).toBe(0);
    expect(shop.cancellations()).toHaveLength(1);
  });

  it('never expires a paid order, nor one already cancelled; expires the others in the order they were placed', async () => {
    const shop = await shopAt();
    const paid = await shop.place('u1');
    const cancelled = await shop.place('u2');
    shop.later(60_000);
    const unpaid = await shop.place('u3');
    await shop.orders.moveOrder('admin-uid', paid, { status: 'paid', reference: 'TRANSFER-1' });
    await shop.orders.cancelOrder('u2', cancelled, 'changed my mind');
    shop.later(TTL);
    expect(await shop.sweeper.sweep()).toBe(1);
    expect(shop.cancellations().map((event) => [event.streamId, event.data])).toEqual([
      [cancelled, expect.objectContaining({ by: 'customer' })],
      [unpaid, expect.objectContaining({ reason: EXPIRED_REASON, by: null })],
    ]);
    expect(shop.parts.orders.get(paid)?.status).toBe('paid');
    // Nothing pending is left: the queue has let the settled orders go.
    expect(shop.queue.earliestPending()).toBeUndefined();
  });

  it('expires only what is due, earliest first, and says when the next one is', async () => {
    const shop = await shopAt();
    const first = await shop.place('u1');
    shop.later(10 * 60_000);
    await shop.place('u2');
    expect(shop.queue.earliestPending()).toBe(START);
    shop.later(TTL - 10 * 60_000);
    expect(await shop.sweeper.sweep()).toBe(1);
    expect(shop.cancellations().map((event) => event.streamId)).toEqual([first]);
    expect(shop.queue.earliestPending()).toBe(START + 10 * 60_000);
  });

  it(`expires more than ${SWEEP_CHUNK} due orders in one sweep, in shared batches`, async () => {
    const shop = await shopAt();
    const count = SWEEP_CHUNK * 2 + 5;
    for (let index = 0; index < count; index += 1) await shop.place(`u${index}`);
    shop.later(TTL);
    const batchesBefore = shop.batches.length;
    expect(await shop.sweeper.sweep()).toBe(count);
    expect(new Set(shop.cancellations().map((event) => event.streamId)).size).toBe(count);
    expect(shop.batches.length - batchesBefore).toBeLessThan(count);
    expect(shop.parts.products.get(shop.productId)?.availableStock).toBe(1000);
  });

  it('decides nothing once this process is no longer the log’s writer', async () => {
    const writer = { writerLost: null as string | null, onWriterLost: () => () => undefined };
    const shop = await shopAt(writer);
    await shop.place('u1');
    shop.later(TTL);
    writer.writerLost = 'fenced by a newer instance';
    expect(await shop.sweeper.sweep()).toBe(0);
    expect(shop.cancellations()).toHaveLength(0);
  });
});

describe('ReservationQueue', () => {
  it('keeps orders in the order they were placed, even one whose clock ran behind', async () => {
    const shop = await shopAt();
    shop.later(5 * 60_000);
    const second = await shop.place('u1');
    // A writer whose clock was behind (before a restart): placed 5 minutes earlier, appended later.
    shop.later(-5 * 60_000);
    const first = await shop.place('u2');
    expect(shop.queue.earliestPending()).toBe(START);
    expect(shop.queue.pendingPlacedBy(START + 10 * 60_000, 10)).toEqual([first, second]);
    expect(shop.queue.pendingPlacedBy(START, 10)).toEqual([first]);
  });

  it('sorts, once, the orders of a log read back a partition at a time, and leaves the settled ones out', () => {
    const states = new Map<string, OrderState>();
    const queue = new ReservationQueue(states);
    const placed = (orderId: string, minute: number, status: OrderState['status'] = 'pending') => {
      const placedAt = START + minute * 60_000;
      states.set(orderId, { userId: 'u1', lines: [{ productId: 'p-drill', quantity: 1 }], status, placedAt, totalCostCents: 60_00 });
      const occurredAt = new Date(placedAt).toISOString();
      queue.apply({ type: 'OrderPlaced', data: { orderId }, meta: { occurredAt } } as unknown as ModelEvent);
    };
    // Partition 0, then partition 1: each in placement order, the second starting before the first ended.
    for (const minute of [0, 2, 4, 6]) placed(`a${minute}`, minute);
    for (const minute of [1, 3, 5, 7]) placed(`b${minute}`, minute, minute === 3 ? 'paid' : 'pending');
    placed('c4', 4);

    expect(queue.pendingPlacedBy(START + 60 * 60_000, 20)).toEqual(['a0', 'b1', 'a2', 'a4', 'c4', 'b5', 'a6', 'b7']);
    expect(queue.pendingPlacedBy(START + 4 * 60_000, 20)).toEqual(['a0', 'b1', 'a2', 'a4', 'c4']);
    states.set('a0', { ...states.get('a0')!, status: 'cancelled' });
    expect(queue.earliestPending()).toBe(START + 60_000);
    expect(queue.size).toBe(7);
  });
});
