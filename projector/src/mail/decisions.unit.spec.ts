import { describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import {
  creditNoteIssued,
  invoiceIssued,
  orderCancelled,
  orderEmailResendRequested,
  orderMoved,
  orderPaidByCard,
  orderPaymentFailed,
  orderPlaced,
  orderRefunded,
  paymentNotApplied,
  productAdded,
} from '@toolforge/contracts/testing';
import { emailFacts, foldOrderMail, type OrderMailState, type OwedMessage } from './decisions.js';

/** Folds `events` in turn: the order as it ends, and the e-mail each event owed (undefined: none). */
function fold(events: readonly ShopEvent[]): { state: OrderMailState | undefined; owed: (OwedMessage | undefined)[] } {
  let state: OrderMailState | undefined;
  const owed: (OwedMessage | undefined)[] = [];
  for (const event of events) {
    const next = foldOrderMail(state, event);
    state = next.state;
    owed.push(next.owes);
  }
  return { state, owed };
}

const hammer = productAdded().data;

describe('which event owes which order e-mail', () => {
  it('owes placed, paid with its invoice, shipped and delivered along an order’s life; OrderPaid and a failed payment owe none', () => {
    const placed = orderPlaced(hammer, { quantity: 4 });
    const invoice = invoiceIssued(placed.data, { sequence: 7, issuedAt: '2026-03-01T10:00:00.000Z' });
    const { state, owed } = fold([
      placed,
      orderPaymentFailed(placed.data),
      orderPaidByCard(placed.data),
      invoice,
      orderMoved(placed.data, 'OrderShipped'),
      orderMoved(placed.data, 'OrderDelivered'),
    ]);
    expect(owed.map((message) => message?.email)).toEqual(['placed', undefined, undefined, 'paid', 'shipped', 'delivered']);
    expect(owed[3]!.owed.attachment).toEqual({ kind: 'invoice', data: invoice.data });
    expect(owed.every((message) => message === undefined || message.userId === placed.data.userId)).toBe(true);
    const facts = emailFacts(state!, owed[3]!, 'https://shop.example');
    expect(facts).toMatchObject({
      email: 'paid',
      orderId: placed.data.orderId,
      customerName: 'Ada Customer',
      documentNumber: 'INV-2026-000007',
      totalCents: placed.data.totalCostCents,
      subtotalCents: placed.data.subtotalCents,
      surchargeCents: invoice.data.surchargeCents,
      shippingCents: 50_00,
      shopUrl: 'https://shop.example',
    });
    expect(facts.lines).toEqual([
      { productName: hammer.name, quantity: 4, unitPriceCents: hammer.priceCents, lineTotalCents: 4 * hammer.priceCents },
    ]);
  });

  it('owes cancelled with its reason, then refunded with the credit note that reverses the invoice', () => {
    const placed = orderPlaced(hammer);
    const invoice = invoiceIssued(placed.data, { payment: { method: 'card', reference: 'pi_1' } });
    const creditNote = creditNoteIssued(invoice.data, { reason: 'Out of stock' });
    const { owed } = fold([
      placed,
      invoice,
      orderCancelled(placed.data, { reason: 'Out of stock', by: 'admin' }),
      creditNote,
      orderRefunded(placed.data, { paymentId: 'pi_1', amountCents: placed.data.totalCostCents }),
    ]);
    expect(owed.map((message) => message?.email)).toEqual(['placed', 'paid', 'cancelled', undefined, 'refunded']);
    expect(owed[2]!.owed).toEqual({ reason: 'Out of stock', attachment: null });
    expect(owed[4]!.owed).toEqual({
      refundedCents: placed.data.totalCostCents,
      attachment: { kind: 'creditNote', data: creditNote.data },
    });
  });

  it('attaches no credit note to the refund of a payment the order did not take', () => {
    const placed = orderPlaced(hammer);
    const late = paymentNotApplied(placed.data, { paymentId: 'pi_late' });
    const { owed } = fold([
      placed,
      orderCancelled(placed.data),
      late,
      orderRefunded(placed.data, { paymentId: 'pi_late', amountCents: late.data.amountCents }),
    ]);
    expect(owed.map((message) => message?.email)).toEqual(['placed', 'cancelled', undefined, 'refunded']);
    expect(owed[3]!.owed).toEqual({ refundedCents: late.data.amountCents, attachment: null });
  });

  it('owes a resend the e-mail as last owed, and nothing for one never owed or an order never placed', () => {
    const placed = orderPlaced(hammer);
    const invoice = invoiceIssued(placed.data);
    const { owed } = fold([
      placed,
      invoice,
      orderEmailResendRequested(placed.data.orderId, 'paid'),
      orderEmailResendRequested(placed.data.orderId, 'shipped'),
    ]);
    expect(owed[2]).toEqual({ email: 'paid', orderId: placed.data.orderId, userId: placed.data.userId, owed: owed[1]!.owed });
    expect(owed[3]).toBeUndefined();
    expect(foldOrderMail(undefined, orderMoved({ orderId: 'order-unknown' }, 'OrderShipped'))).toEqual({
      state: undefined,
      owes: undefined,
    });
  });
});
