import type { OrderSettlement } from '@toolforge/contracts';

/** How an order was paid, as the orders' `paid_with` column holds it. */
export type PaidWith = OrderSettlement['method'];

/**
 * What one event of an order's stream changes of its payment's columns (migrations/012-order-payments.ts).
 * It travels on the order's move (orders/writes.ts, `OrderMove.payment`), so that a run of an
 * order's events, payments among them, is still one statement, each event applied once by its offset.
 */
export type PaymentChange =
  /** OrderPaid: how (null: marked paid before the shop took payments), and any earlier failure no longer stands. */
  | { readonly kind: 'settled'; readonly paidWith: PaidWith | null; readonly reference: string | null }
  /** OrderPaymentFailed: the provider's reason, shown while the order is pending. */
  | { readonly kind: 'failed'; readonly reason: string }
  /** OrderRefunded: added to what was refunded of the order. */
  | { readonly kind: 'refunded'; readonly amountCents: number };

/** OrderPaid's payment as the order's columns keep it: a card payment by the provider's payment id, an offline one by its reference. */
export function settledBy(payment: OrderSettlement | null | undefined): PaymentChange {
  // Null since schema version 3 for an order paid before; missing only in an event read without its upcasters.
  if (payment === null || payment === undefined) return { kind: 'settled', paidWith: null, reference: null };
  switch (payment.method) {
    case 'card':
      return { kind: 'settled', paidWith: 'card', reference: text('paymentId', payment.paymentId) };
    case 'offline':
      return { kind: 'settled', paidWith: 'offline', reference: text('reference', payment.reference) };
    default: {
      // The log may hold what no schema of this build says: refused (to the dead letters) rather than shown as something else.
      const unknown: unknown = (payment as { method: unknown }).method;
      throw new Error(`OrderPaid names no way of paying this build knows (${JSON.stringify(unknown)})`);
    }
  }
}

/** A text the row keeps as it is: anything else is refused (to the dead letters) rather than stored as something else. */
export function text(field: string, value: unknown): string {
  if (typeof value !== 'string') throw new Error(`a payment's ${field} is no text`);
  return value;
}
