import { orderStatusAfter, totalShares, type OrderEvent, type PaymentNotApplied, type OrderRefunded } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { SalesOrderMove, SalesWrite } from './writes.js';

/** The events the sales report counts: an order's life, and the money its payments' events captured or gave back. */
export type SalesEvent = OrderEvent | PaymentNotApplied | OrderRefunded;

/** The events it follows (the orders' and the payments' features project them into `orders`). */
export const SALES_EVENTS: readonly SalesEvent['type'][] = [
  'OrderPlaced',
  'OrderPaid',
  'OrderShipped',
  'OrderDelivered',
  'OrderCancelled',
  'PaymentNotApplied',
  'OrderRefunded',
];

/**
 * sales.orders → sales_orders and sales_order_lines, as `toolforge audit orders` folds the same
 * events (projector/src/cli/orderAudit.ts): a placed order with its lines' quantities, its total and
 * each line's share of it (totalShares), then each later event's status (orderStatusAfter) and the
 * money it captured (OrderPaid, PaymentNotApplied) or refunded (OrderRefunded). A failed payment
 * moves no money and is not followed.
 */
export function projectSalesEvent(event: StoredEvent<SalesEvent>): SalesWrite[] {
  const { offset } = event.position;
  switch (event.type) {
    case 'OrderPlaced': {
      const { orderId, userId, lines, totalCostCents, status } = event.data;
      const shares = totalShares(event.data);
      return [
        {
          kind: 'placeSalesOrder',
          order: {
            orderId,
            userId,
            placedAt: event.meta.occurredAt,
            status,
            quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
            totalCents: totalCostCents,
            offset,
          },
        },
        {
          kind: 'placeSalesLines',
          lines: lines.map((line, index) => ({
            orderId,
            lineNo: index + 1,
            productId: line.productId,
            quantity: line.quantity,
            shareCents: shares[index]!,
          })),
        },
      ];
    }
    case 'OrderPaid':
      // An order marked paid before the shop said how much: it was paid its total.
      return [
        moved(event, {
          status: orderStatusAfter(event),
          paidCents: event.data.payment ? cents(event, event.data.payment.amountCents) : null,
        }),
      ];
    case 'OrderShipped':
    case 'OrderDelivered':
    case 'OrderCancelled':
      return [moved(event, { status: orderStatusAfter(event) })];
    case 'PaymentNotApplied':
      // Captured all the same: the refund that follows gives it back, so paid less refunded is what the shop kept.
      return [moved(event, { paidCents: cents(event, event.data.amountCents) })];
    case 'OrderRefunded':
      return [moved(event, { refundedCents: cents(event, event.data.amountCents) })];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

function moved(
  event: StoredEvent<SalesEvent>,
  change: Partial<Pick<SalesOrderMove, 'status' | 'paidCents' | 'refundedCents'>>,
): SalesWrite {
  const move: SalesOrderMove = {
    orderId: event.data.orderId,
    status: change.status ?? null,
    paidCents: change.paidCents === undefined ? 0 : change.paidCents,
    refundedCents: change.refundedCents ?? 0,
    offset: event.position.offset,
  };
  return { kind: 'moveSalesOrder', move };
}

/** An amount added to a sum kept for good: one that is no whole number of cents would corrupt it, so the event is refused. */
function cents(event: StoredEvent<SalesEvent>, amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`${event.type} moves no whole number of cents (${String(amount)})`);
  return amount;
}
