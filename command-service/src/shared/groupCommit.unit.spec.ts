import { describe, expect, it, vi } from 'vitest';
import { addProductSchema, formatCents, messages, placeOrderSchema, totalCostCents } from '@toolforge/contracts';
import type { AppendRequest } from '@toolforge/platform';
import { Catalogue } from '../catalog/catalogue.js';
import { orderParts, ordersOn } from '../test/orderParts.js';
import { validProduct } from '../test/harness.js';
import { memoryLog } from '../test/memoryLog.js';
import { CommandHandler } from './commandHandler.js';
import { WriteModel } from './writeModel.js';

/** Price 10.00, stock 30, minimum order 5. */
const drill = addProductSchema.parse(validProduct);

/**
 * A shop on a log whose batches wait until the test lets each one commit (or fail): what arrives
 * while one is held gathers in the next.
 */
async function heldShop() {
  const held: { requests: readonly AppendRequest[]; commit(): void; fail(error: Error): void }[] = [];
  const memory = memoryLog((requests) => new Promise<void>((commit, fail) => held.push({ requests, commit, fail })));
  const parts = orderParts();
  const { products } = parts;
  const model = new WriteModel(parts.parts);
  const handler = new CommandHandler({ log: memory.log, model });
  const catalogue = new Catalogue({ handler, products });
  const orders = ordersOn(handler, parts);
  const adding = catalogue.addProduct('admin-uid', drill);
  const next = async () => {
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
    return held.shift()!;
  };
  (await next()).commit();
  const { productId } = await adding;
  const order = (uid: string, orderQuantity: number) =>
    placeOrderSchema.parse({
      productId,
      userId: uid,
      totalCost: Number(formatCents(totalCostCents(10_00, orderQuantity))),
      shippingAddress: '1 Forge Lane',
      orderQuantity,
    });
  /** Waits until the commands sent have been decided, down to this much stock left (pending orders included). */
  const decidedDownTo = (stock: number) => vi.waitFor(() => expect(products.get(productId)?.availableStock).toBe(stock));
  return { ...memory, products, productId, orders, order, next, decidedDownTo };
}

/** Settles every promise, answering each one's outcome. */
const outcomes = (promises: readonly Promise<unknown>[]) => Promise.allSettled(promises);

describe('group commit on the single writer', () => {
  it('writes a lone command at once, and gathers the commands that arrive meanwhile into the next batch', async () => {
    const shop = await heldShop();
    const first = shop.orders.placeOrder('u1', shop.order('u1', 5));
    const firstBatch = await shop.next();
    const gathered = ['u2', 'u3', 'u4'].map((uid) => shop.orders.placeOrder(uid, shop.order(uid, 5)));
    await shop.decidedDownTo(10);
    firstBatch.commit();
    (await shop.next()).commit();
    expect(shop.batches.slice(1).map((batch) => batch.length)).toEqual([1, 3]);
    expect(new Set((await Promise.all([first, ...gathered])).map((placed) => placed.position)).size).toBe(4);
  });

  it('never oversells across the commands of one batch: each is decided on the ones before it', async () => {
    const shop = await heldShop();
    const held = shop.orders.placeOrder('u0', shop.order('u0', 5));
    const firstBatch = await shop.next();
    // 25 left: five orders of 5 fit, the sixth is refused on the stock the five reserved, still unwritten.
    const batch = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map((uid) => shop.orders.placeOrder(uid, shop.order(uid, 5)));
    await shop.decidedDownTo(0);
    firstBatch.commit();
    (await shop.next()).commit();
    const settled = await outcomes([held, ...batch]);
    expect(settled.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(6);
    expect(settled.at(-1)).toMatchObject({ status: 'rejected', reason: { message: messages.maxOrderQuantity(0) } });
    expect(shop.events.filter((event) => event.type === 'OrderPlaced')).toHaveLength(6);
    expect(shop.products.get(shop.productId)?.availableStock).toBe(0);
  });

  it('gives one order and the same answer to the same Idempotency-Key twice in one batch', async () => {
    const shop = await heldShop();
    const held = shop.orders.placeOrder('u0', shop.order('u0', 5));
    const firstBatch = await shop.next();
    const twice = [shop.orders.placeOrder('u1', shop.order('u1', 5), 'key-1'), shop.orders.placeOrder('u1', shop.order('u1', 5), 'key-1')];
    await shop.decidedDownTo(20);
    firstBatch.commit();
    (await shop.next()).commit();
    const [first, again] = await Promise.all(twice);
    expect(again).toEqual({ ...first, replayed: true });
    expect(first!.replayed).toBe(false);
    await held;
    expect(shop.events.filter((event) => event.type === 'OrderPlaced')).toHaveLength(2);
  });

  it('fails every command of a failed batch, leaves nothing of it applied, and decides the ones after it again', async () => {
    const shop = await heldShop();
    const failing = outcomes([shop.orders.placeOrder('u1', shop.order('u1', 15))]);
    const failingBatch = await shop.next();
    // Decided on the failing batch's 15: 15 left, so 10 fits and a second 10 does not, until the failure.
    const after = [shop.orders.placeOrder('u2', shop.order('u2', 10)), shop.orders.placeOrder('u3', shop.order('u3', 10))];
    await shop.decidedDownTo(5);
    failingBatch.fail(new Error('the log is down'));
    // Decided again on the model read from the log again: 30 left, both fit, in one batch.
    (await shop.next()).commit();
    const [failed] = await failing;
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'the log is down' } });
    expect((await Promise.all(after)).map((placed) => placed.replayed)).toEqual([false, false]);
    const placedBy = shop.events.filter((event) => event.type === 'OrderPlaced').map((event) => event.data.userId);
    expect(placedBy.sort()).toEqual(['u2', 'u3']);
    expect(shop.products.get(shop.productId)).toMatchObject({ availableStock: 10 });
    expect(shop.products.get(shop.productId)?.holds.customers()).toEqual(
      new Map([
        ['u2', 10],
        ['u3', 10],
      ]),
    );
  });

  it('writes a refused batch again one append at a time: only the command the log refuses fails, the others are committed', async () => {
    const shop = await heldShop();
    const held = shop.orders.placeOrder('u0', shop.order('u0', 5));
    const firstBatch = await shop.next();
    const settled = outcomes(['u1', 'u2', 'u3'].map((uid) => shop.orders.placeOrder(uid, shop.order(uid, 5))));
    await shop.decidedDownTo(10);
    firstBatch.commit();
    const refused = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    (await shop.next()).fail(refused);
    // Alone: u1's append is committed, u2's refused again; u3 was decided on u2's events, so it is decided again.
    (await shop.next()).commit();
    (await shop.next()).fail(refused);
    (await shop.next()).commit();

    const [placedU1, failed, placedU3] = await settled;
    expect(placedU1).toMatchObject({ status: 'fulfilled' });
    expect(failed).toMatchObject({ status: 'rejected', reason: refused });
    expect(placedU3).toMatchObject({ status: 'fulfilled' });
    await held;
    expect(shop.batches.slice(1).map((batch) => batch.length)).toEqual([1, 3, 1, 1, 1]);
    const placedBy = shop.events.filter((event) => event.type === 'OrderPlaced').map((event) => event.data.userId);
    expect(placedBy).toEqual(['u0', 'u1', 'u3']);
    expect(shop.products.get(shop.productId)).toMatchObject({ availableStock: 15 });
  });
});
