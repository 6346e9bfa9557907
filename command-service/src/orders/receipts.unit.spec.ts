import { describe, expect, it } from 'vitest';
import { TOPICS, type ShopEvent } from '@toolforge/contracts';
import {
  invoiceIssued,
  orderCancelled,
  orderLine,
  orderMoved,
  orderPlaced,
  orderPlacedOf,
  productAdded,
} from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import type { ModelEvent } from '../shared/writeModel.js';
import { checkoutFingerprint, moveFingerprint, orderFingerprint, OrderReceipts } from './receipts.js';

const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 8999 }).data;

/** `event` as the log stores it, at this offset of partition 2 of the orders' topic. */
function stored<E extends ShopEvent>(event: E, offset: number): StoredEvent<E> {
  return { ...event, streamId: 'stream', streamPosition: 1, position: { topic: TOPICS.orders, partition: 2, offset } };
}

/** `event` decided and on its way to the log in a batch: no position yet. */
function onItsWay(event: ShopEvent): ModelEvent {
  return { ...event, streamId: 'stream', streamPosition: 1, position: undefined };
}

describe('OrderReceipts', () => {
  it('answers a placement read back from the log with its total and position, for the same order only', () => {
    const receipts = new OrderReceipts();
    const placed = orderPlaced(drill, { userId: 'u1', quantity: 2 }, { commandId: 'key-1' });
    receipts.apply(stored(placed, 41));

    const receipt = receipts.of('u1', 'key-1')!;
    expect(receipt.answer).toEqual({ kind: 'placed', totalCostCents: placed.data.totalCostCents });
    expect(receipt.orderId).toBe(placed.data.orderId);
    expect(receipt.position).toBe(`${TOPICS.orders}/2/41`);
    const asked = {
      productId: drill.productId,
      quantity: 2,
      shippingAddress: placed.data.shippingAddress,
      totalCostCents: placed.data.totalCostCents,
    };
    expect(receipt.answers(orderFingerprint(asked))).toBe(true);
    expect(receipt.answers(orderFingerprint({ ...asked, quantity: 3 }))).toBe(false);
    expect(receipt.answers(orderFingerprint({ ...asked, productId: 'p-saw' }))).toBe(false);
    expect(receipt.answers(orderFingerprint({ ...asked, shippingAddress: 'elsewhere' }))).toBe(false);
    expect(receipt.answers(checkoutFingerprint(asked))).toBe(false);
    // Keys are the caller's own.
    expect(receipts.of('u2', 'key-1')).toBeUndefined();
  });

  it('answers a checkout of the cart by where it ships: its lines were the cart’s, which the order emptied', () => {
    const receipts = new OrderReceipts();
    const saw = productAdded({ productId: 'p-saw', name: 'Panel Saw', priceCents: 2499 }).data;
    const checkedOut = orderPlacedOf([orderLine(drill, 2), orderLine(saw, 3)], { userId: 'u1', cartVersion: 2 }, { commandId: 'key-3' });
    receipts.apply(stored(checkedOut, 12));

    const receipt = receipts.of('u1', 'key-3')!;
    expect(receipt.answer).toEqual({ kind: 'placed', totalCostCents: checkedOut.data.totalCostCents });
    expect(receipt.answers(checkoutFingerprint(checkedOut.data))).toBe(true);
    expect(receipt.answers(checkoutFingerprint({ shippingAddress: 'elsewhere' }))).toBe(false);
  });

  it('names the append’s last position when a consequence followed the command’s event (a payment’s invoice), read back or stored', () => {
    const placed = orderPlaced(drill, { userId: 'u1' });
    const paid = orderMoved(placed.data, 'OrderPaid', { actor: 'admin', commandId: 'key-9' });
    const invoice = invoiceIssued(placed.data, {}, { actor: 'admin', commandId: 'key-9' });
    const readBack = new OrderReceipts();
    for (const [offset, event] of [placed, paid, invoice].entries()) readBack.apply(stored(event, 50 + offset));
    expect(readBack.of('admin', 'key-9')?.position).toBe(`${TOPICS.orders}/2/52`);

    const decided = new OrderReceipts();
    for (const event of [placed, paid, invoice]) decided.apply(onItsWay(event));
    for (const [offset, event] of [placed, paid, invoice].entries()) decided.stored(stored(event, 50 + offset));
    expect(decided.of('admin', 'key-9')?.position).toBe(`${TOPICS.orders}/2/52`);
    // Another command's event of the same order, or another caller's, moves nothing.
    decided.stored(stored(invoiceIssued(placed.data, {}, { actor: 'admin', commandId: 'other' }), 60));
    decided.stored(stored(invoiceIssued(placed.data, {}, { actor: 'someone', commandId: 'key-9' }), 61));
    expect(decided.of('admin', 'key-9')?.position).toBe(`${TOPICS.orders}/2/52`);
  });

  it('has no position while its batch is written, and takes it once stored', () => {
    const receipts = new OrderReceipts();
    const placed = orderPlaced(drill, { userId: 'u1' }, { commandId: 'key-2' });
    receipts.apply(onItsWay(placed));
    expect(receipts.of('u1', 'key-2')!.position).toBeUndefined();
    receipts.stored?.(stored(placed, 7));
    expect(receipts.of('u1', 'key-2')!.position).toBe(`${TOPICS.orders}/2/7`);
  });

  it('answers a move and a cancellation with the status they left the order in', () => {
    const receipts = new OrderReceipts();
    const placed = orderPlaced(drill, { userId: 'u1' });
    receipts.apply(stored(orderMoved(placed.data, 'OrderPaid', { commandId: 'pay' }), 8));
    receipts.apply(stored(orderCancelled(placed.data, { reason: 'changed my mind' }, { commandId: 'cancel' }), 9));

    const paid = receipts.of('admin-uid', 'pay')!;
    expect(paid.answer).toEqual({ kind: 'moved', status: 'paid' });
    // Paid offline: the bank transfer's reference is part of what was asked (the builder's TRANSFER-<order id>).
    const reference = `TRANSFER-${placed.data.orderId}`;
    expect(paid.answers(moveFingerprint({ orderId: placed.data.orderId, status: 'paid', reference }))).toBe(true);
    expect(paid.answers(moveFingerprint({ orderId: placed.data.orderId, status: 'paid', reference: 'TRANSFER-OTHER' }))).toBe(false);
    expect(paid.answers(moveFingerprint({ orderId: placed.data.orderId, status: 'shipped' }))).toBe(false);
    const cancelled = receipts.of('u1', 'cancel')!;
    expect(cancelled.answer).toEqual({ kind: 'moved', status: 'cancelled' });
    expect(cancelled.answers(moveFingerprint({ orderId: placed.data.orderId, status: 'cancelled', reason: 'changed my mind' }))).toBe(true);
    expect(cancelled.answers(moveFingerprint({ orderId: placed.data.orderId, status: 'cancelled', reason: 'another' }))).toBe(false);
  });

  it('keeps each caller’s receipt under a key two callers chose, and the newest of one caller', () => {
    const receipts = new OrderReceipts();
    const byKey = (userId: string, quantity: number) => orderPlaced(drill, { userId, quantity }, { commandId: 'shared-key' });
    const [first, second, third] = [byKey('u1', 1), byKey('u2', 2), byKey('u3', 3)];
    for (const [offset, placed] of [first, second, third].entries()) receipts.apply(stored(placed, offset));
    expect(['u1', 'u2', 'u3'].map((uid) => receipts.of(uid, 'shared-key')?.orderId)).toEqual(
      [first, second, third].map((placed) => placed.data.orderId),
    );

    // The same caller and id again (a log written before receipts were checked): the newest answers, the others stay.
    const again = byKey('u2', 4);
    receipts.apply(stored(again, 3));
    expect(['u1', 'u2', 'u3'].map((uid) => receipts.of(uid, 'shared-key')?.orderId)).toEqual(
      [first, again, third].map((placed) => placed.data.orderId),
    );
    expect(receipts.of('u4', 'shared-key')).toBeUndefined();
  });
});
