import { z } from 'zod';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { count, id, positive, text } from '../eventFields.js';
import { PAYMENT_LIMITS } from './limits.js';

/** An id the payment provider gave (a payment, a refund, one of its events): one line, never blank. */
const providerId = id(PAYMENT_LIMITS.providerId);

/**
 * How an order was paid, as its OrderPaid says: by card through the payment provider (the shop
 * appends it when the provider's webhook reports the money captured, of exactly the order's total),
 * or offline (a bank transfer an admin saw arrive, with its reference).
 */
export const orderSettlement = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('card'), paymentId: providerId, amountCents: positive, providerEventId: providerId }),
  z.strictObject({ method: z.literal('offline'), reference: text(PAYMENT_LIMITS.reference).min(1), amountCents: count }),
]);
export type OrderSettlement = z.output<typeof orderSettlement>;

/**
 * What the payment provider told the shop about an order's money, on the order's own stream of
 * sales.orders (so that each is decided by the one writer with the order's state, like its status).
 * `OrderPaid` is the orders' own event (orders/events.ts); these are the rest. Every fact that comes
 * from a provider's webhook names that provider event (`providerEventId`): an event delivered twice
 * finds its id in the order's state and appends nothing.
 */
export const paymentEvents = featureEvents(
  { topicName: 'orders', topic: 'sales.orders', streamKey: 'orderId' },
  {
    /** An attempt to pay a pending order failed (declined, insufficient funds): the order stays pending, payable again. */
    OrderPaymentFailed: z.strictObject({
      orderId: id(),
      paymentId: providerId,
      /** The provider's words, as it gave them (clamped to a line of plain text). */
      reason: text(PAYMENT_LIMITS.failureReason),
      providerEventId: providerId,
    }),
    /**
     * Money was captured for an order that no longer awaited it (cancelled or expired, or already
     * paid by another attempt): the shop owes it back, and refunds it (OrderRefunded).
     */
    PaymentNotApplied: z.strictObject({
      orderId: id(),
      paymentId: providerId,
      amountCents: positive,
      because: z.enum(['order-cancelled', 'already-paid']),
      providerEventId: providerId,
    }),
    /** The provider refunded a payment of this order, in full: the order was cancelled after payment, or the payment was not applied. */
    OrderRefunded: z.strictObject({
      orderId: id(),
      paymentId: providerId,
      refundId: providerId,
      amountCents: count,
    }),
  },
);

export type OrderPaymentFailed = EventOf<typeof paymentEvents, 'OrderPaymentFailed'>;
export type PaymentNotApplied = EventOf<typeof paymentEvents, 'PaymentNotApplied'>;
export type OrderRefunded = EventOf<typeof paymentEvents, 'OrderRefunded'>;
export type PaymentEvent = EventsOf<typeof paymentEvents>;
