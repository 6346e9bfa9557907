import type { PaymentEvent } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { OrderMove, OrderWrite } from '../orders/writes.js';
import { text, type PaymentChange } from './paymentChange.js';

/**
 * sales.orders → orders: what the payment provider told the shop of an order's money. None of these
 * events moves the order's status (`status: null`); each is a move of its stream all the same, so
 * that its offset joins the order's `event_offsets` and the order's history shows it, and so that
 * each is applied once however often it is delivered (orders/writes.ts).
 * - OrderPaymentFailed: the reason, shown while the order is pending;
 * - PaymentNotApplied: money captured for an order that no longer awaited it. Nothing of it shows
 *   on the order (it was not paid by it, and the refund that follows shows as OrderRefunded), but
 *   it is projected: every event type is some feature's (features.ts), and it belongs in the
 *   order's history, where a customer and an admin see the payment that was not applied;
 * - OrderRefunded: added to what was refunded.
 * OrderPaid is the orders' own event: its move says how it was paid (settledBy, in the orders'
 * projection), in the same write as its status, since two writes of one event would be one offset twice.
 */
export function projectPaymentEvent(event: StoredEvent<PaymentEvent>): OrderWrite[] {
  switch (event.type) {
    case 'OrderPaymentFailed':
      return [unmoved(event, { kind: 'failed', reason: text('reason', event.data.reason) })];
    case 'PaymentNotApplied':
      return [unmoved(event, undefined)];
    case 'OrderRefunded': {
      const { amountCents } = event.data;
      // Added to a sum kept for good: an amount that is no whole number of cents would corrupt it.
      if (!Number.isSafeInteger(amountCents) || amountCents < 0)
        throw new Error(`OrderRefunded refunds no whole number of cents (${String(amountCents)})`);
      return [unmoved(event, { kind: 'refunded', amountCents })];
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** A move of the order's stream that leaves its status as it is. */
function unmoved(event: StoredEvent<PaymentEvent>, payment: PaymentChange | undefined): OrderWrite {
  const move: OrderMove = {
    orderId: text('orderId', event.data.orderId),
    status: null,
    paid: false,
    ...(payment && { payment }),
    logPosition: { partition: event.position.partition, offset: event.position.offset },
  };
  return { kind: 'moveOrder', move };
}
