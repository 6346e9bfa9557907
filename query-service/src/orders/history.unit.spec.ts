import { describe, expect, it } from 'vitest';
import { EXPIRED_REASON, UNREADABLE_RECORD } from '@toolforge/contracts';
import {
  creditNoteIssued,
  invoiceIssued,
  orderCancelled,
  orderEmailResendRequested,
  orderLine,
  orderMoved,
  orderPaidByCard,
  orderPaymentFailed,
  orderPlaced,
  orderPlacedOf,
  orderRefunded,
  paymentNotApplied,
  productDeleted,
} from '@toolforge/contracts/testing';
import { upcast, type StoredEvent } from '@toolforge/platform';
import { stored } from '@toolforge/platform/testing';
import { orderHistory } from './history.js';
import type { OrderInLog } from '@toolforge/read-model';

const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };
const placed = orderPlaced(vise, { userId: 'u-ada', quantity: 2 });
const order: OrderInLog = { orderId: placed.data.orderId, userId: 'u-ada', partition: 0, eventOffsets: [] };

/** The history of `events` (at offsets 0, 1, …) as `of`'s, and what was left out of it and why. */
function historyOf(...events: StoredEvent[]) {
  return historyOfOrder(order, ...events);
}
function historyOfOrder(of: OrderInLog, ...events: StoredEvent[]) {
  const leftOut: [string, string][] = [];
  const answer = orderHistory(of, events, { admin: true }, (event, why) => leftOut.push([String(event.type), why]));
  return { answer, leftOut };
}

describe('an order’s history from its events', () => {
  it('says who caused each event: the shop without an actor, the customer by their uid, anyone else an admin', () => {
    const { answer } = historyOf(
      stored(placed, 0),
      stored(orderMoved(placed.data, 'OrderPaid', { actor: 'u-ada' }), 1),
      stored(orderMoved(placed.data, 'OrderShipped'), 2),
      stored(orderCancelled(placed.data, { reason: EXPIRED_REASON, by: null }), 3),
    );
    expect(answer.entries.map(({ actor, by, status }) => [actor, by, status])).toEqual([
      ['u-ada', 'customer', 'pending'],
      ['u-ada', 'customer', 'paid'],
      ['admin-uid', 'admin', 'shipped'],
      [null, 'shop', 'cancelled'],
    ]);
    expect(answer.entries.map((entry) => entry.position)).toEqual([0, 1, 2, 3].map((offset) => `sales.orders/0/${offset}`));
    // 10.00 x 2 = 20.00, + 5 % = 21.00, + 50 = 71.00
    expect(answer.entries[0]!.details).toEqual({
      lines: '2 × Bench Vise at 10.00',
      subtotal: 20,
      totalCost: 71,
      shippingAddress: '12 Forge Lane, Sheffield',
      fromCart: false,
    });
    expect(answer.entries[3]!.details).toEqual({ reason: EXPIRED_REASON, returned: '2 × Bench Vise', returnedStock: 2 });
  });

  it('shows what the provider said of the order’s money, by the shop, each leaving the status as it was', () => {
    const { answer, leftOut } = historyOf(
      stored(placed, 0),
      stored(orderPaymentFailed(placed.data, { paymentId: 'pi_1', reason: 'Your card was declined.' }), 1),
      stored(orderPaidByCard(placed.data, { paymentId: 'pi_2', providerEventId: 'evt_2' }), 2),
      stored(paymentNotApplied(placed.data, { paymentId: 'pi_3', because: 'already-paid' }), 3),
      stored(orderRefunded(placed.data, { paymentId: 'pi_3', amountCents: 71_00, refundId: 're_3' }), 4),
      stored(orderCancelled(placed.data), 5),
      stored(orderRefunded(placed.data, { paymentId: 'pi_2', amountCents: 71_00, refundId: 're_2' }), 6),
    );
    expect(leftOut).toEqual([]);
    expect(answer.entries.map(({ type, by, actor, status, details }) => [type, by, actor, status, details])).toEqual([
      ['OrderPlaced', 'customer', 'u-ada', 'pending', expect.objectContaining({ totalCost: 71 })],
      ['OrderPaymentFailed', 'shop', null, 'pending', { reason: 'Your card was declined.', paymentId: 'pi_1' }],
      ['OrderPaid', 'shop', null, 'paid', { payment: true, method: 'card', paymentId: 'pi_2', amount: 71 }],
      ['PaymentNotApplied', 'shop', null, 'paid', { amount: 71, because: 'already-paid', paymentId: 'pi_3' }],
      ['OrderRefunded', 'shop', null, 'paid', { amount: 71, refundId: 're_3', paymentId: 'pi_3' }],
      ['OrderCancelled', 'customer', 'u-ada', 'cancelled', expect.objectContaining({ returnedStock: 2 })],
      ['OrderRefunded', 'shop', null, 'cancelled', { amount: 71, refundId: 're_2', paymentId: 'pi_2' }],
    ]);
  });

  it('shows the order’s invoice and credit note by the shop, and an e-mail an admin sent again, each leaving the status as it was', () => {
    const invoice = invoiceIssued(placed.data, { sequence: 12, issuedAt: '2026-02-01T09:00:00.000Z' });
    const creditNote = creditNoteIssued(invoice.data, { sequence: 3, issuedAt: '2026-02-02T09:00:00.000Z', reason: 'Damaged' });
    const { answer, leftOut } = historyOf(
      stored(placed, 0),
      stored(orderMoved(placed.data, 'OrderPaid'), 1),
      stored(invoice, 2),
      stored(orderEmailResendRequested(placed.data.orderId, 'paid'), 3),
      stored(orderCancelled(placed.data, { by: 'admin' }), 4),
      stored(creditNote, 5),
    );
    expect(leftOut).toEqual([]);
    expect(answer.entries.slice(2).map(({ type, by, actor, status, details }) => [type, by, actor, status, details])).toEqual([
      ['InvoiceIssued', 'shop', null, 'paid', { invoiceNumber: 'INV-2026-000012', total: 71 }],
      ['OrderEmailResendRequested', 'admin', 'admin-uid', 'paid', { email: 'paid' }],
      ['OrderCancelled', 'admin', 'admin-uid', 'cancelled', expect.objectContaining({ returnedStock: 2 })],
      [
        'CreditNoteIssued',
        'shop',
        null,
        'cancelled',
        { creditNoteNumber: 'CN-2026-000003', invoiceNumber: 'INV-2026-000012', total: 71, reason: 'Damaged' },
      ],
    ]);
  });

  it('shows an order paid offline by its reference, one paid before the shop said how as paid, and a payment’s event first as pending', () => {
    const paidOffline = orderMoved(placed.data, 'OrderPaid');
    const paidBefore = { ...paidOffline, data: { orderId: placed.data.orderId, payment: null } };
    const { answer } = historyOf(stored(paidOffline, 1), stored(paidBefore, 2));
    expect(answer.entries.map((entry) => entry.details)).toEqual([
      { payment: true, method: 'offline', reference: `TRANSFER-${placed.data.orderId}`, amount: 71 },
      { payment: true },
    ]);
    // The read model's offsets begin with the order's placing; without it, an order begins pending.
    expect(historyOf(stored(orderPaymentFailed(placed.data), 3)).answer.entries[0]!.status).toBe('pending');
  });

  it('describes every line of an order from the cart, at the unit price its quantity reached, and every line its cancellation gave back', () => {
    const hammer = {
      productId: 'p-hammer',
      name: 'Claw Hammer',
      priceCents: 24_99,
      priceTiers: [{ minQuantity: 10, unitPriceCents: 21_50 }],
    };
    const cart = orderPlacedOf([orderLine(hammer, 12), orderLine(vise, 1)], { userId: 'u-ada', cartVersion: 1 });
    const ofCart = { ...order, orderId: cart.data.orderId };
    const { answer } = historyOfOrder(ofCart, stored(cart, 0), stored(orderCancelled(cart.data, { reason: 'Found them cheaper' }), 1));
    // 12 × 21.50 = 258.00, + 10.00 = 268.00; + 5 % = 13.40, + 50 = 331.40
    expect(answer.entries.map((entry) => entry.details)).toEqual([
      {
        lines: '12 × Claw Hammer at 21.50; 1 × Bench Vise at 10.00',
        subtotal: 268,
        totalCost: 331.4,
        shippingAddress: '12 Forge Lane, Sheffield',
        fromCart: true,
      },
      { reason: 'Found them cheaper', returned: '12 × Claw Hammer; 1 × Bench Vise', returnedStock: 13 },
    ]);
  });

  it('reads an order of schema version 1, upgraded as the log reads it, as one line', () => {
    // Version 1 named the product and quantity on the order itself, and on its cancellation.
    const { orderId, userId, userName, totalCostCents, shippingAddress, status, payment } = placed.data;
    const v1Placed = { orderId, userId, userName, totalCostCents, shippingAddress, status, payment };
    const ofVise = { productId: 'p-vise', productName: 'Bench Vise', quantity: 2, unitPriceCents: 10_00 };
    const written = (event: StoredEvent, data: object) =>
      upcast({ ...event, data, meta: { ...event.meta, schemaVersion: 1 } } as StoredEvent);
    const cancelled = stored(orderCancelled(placed.data, { by: 'admin' }), 1);
    const { answer, leftOut } = historyOf(
      written(stored(placed, 0), { ...v1Placed, ...ofVise }),
      written(cancelled, { orderId, userId, productId: 'p-vise', quantity: 2, reason: '', by: 'admin' }),
    );
    expect(leftOut).toEqual([]);
    expect(answer.entries.map((entry) => entry.details)).toEqual([
      { lines: '2 × Bench Vise at 10.00', subtotal: 20, totalCost: 71, shippingAddress: '12 Forge Lane, Sheffield', fromCart: false },
      { reason: '', returned: '2 × Bench Vise', returnedStock: 2 },
    ]);
  });

  it('names what came back by its product id when the history lacks the order’s placing', () => {
    const { answer } = historyOf(stored(orderCancelled(placed.data), 3));
    expect(answer.entries[0]!.details).toEqual({ reason: '', returned: '2 × p-vise', returnedStock: 2 });
  });

  it('leaves out, saying why, what is not this order’s event: another stream, another type, an unreadable or newer record', () => {
    const other = orderPlaced(vise);
    const newer = orderMoved(placed.data, 'OrderPaid', { schemaVersion: 99 });
    const unreadable = { ...stored(placed, 4), type: UNREADABLE_RECORD, data: { reason: 'not JSON' } } as unknown as StoredEvent;
    const { answer, leftOut } = historyOf(
      stored(placed, 0),
      stored(other, 1),
      {
        ...stored(productDeleted('p-vise'), 2),
        streamId: placed.data.orderId,
        position: { topic: 'sales.orders', partition: 0, offset: 2 },
      },
      stored(newer, 3),
      unreadable,
    );
    expect(answer).toEqual({ orderId: placed.data.orderId, entries: [expect.objectContaining({ type: 'OrderPlaced' })] });
    expect(leftOut).toEqual([
      ['OrderPlaced', `it is an event of ${other.data.orderId} in sales.orders`],
      ['ProductDeleted', 'ProductDeleted is no event of an order'],
      ['OrderPaid', expect.stringContaining('newer ToolForge')],
      [UNREADABLE_RECORD, 'not JSON'],
    ]);
  });
});
