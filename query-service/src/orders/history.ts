import {
  TOPICS,
  formatPosition,
  fromCents,
  isOrderEvent,
  orderStatusAfter,
  whyUnreadable,
  type OrderEvent,
  type OrderHistoryEntry,
  type OrderHistoryResponse,
} from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { OrderInLog } from '@toolforge/read-model';

/** What an event recorded, as the history shows it: the order as placed, a payment, a cancellation's reason and returned stock. */
function detailsOf(event: OrderEvent): OrderHistoryEntry['details'] {
  switch (event.type) {
    case 'OrderPlaced': {
      const { productName, quantity, totalCostCents, shippingAddress } = event.data;
      return { productName, quantity, totalCost: fromCents(totalCostCents), shippingAddress };
    }
    case 'OrderPaid':
      return { payment: true };
    case 'OrderCancelled':
      return { reason: event.data.reason, returnedStock: event.data.quantity };
    case 'OrderShipped':
    case 'OrderDelivered':
      return {};
  }
}

/** Why an event read at one of the order's offsets is not one of its history's, or undefined when it is. */
function whyNotOfOrder(event: StoredEvent, order: OrderInLog): string | undefined {
  const unreadable = whyUnreadable(event);
  if (unreadable) return unreadable;
  if (event.position.topic !== TOPICS.orders || event.streamId !== order.orderId)
    return `it is an event of ${event.streamId} in ${event.position.topic}`;
  if (!isOrderEvent(event)) return `${event.type} is no event of an order`;
  return undefined;
}

/** Who reads the history: its customer, or an admin. */
export interface HistoryReader {
  readonly admin: boolean;
}

/** Who caused an event, as the order sees it: the shop itself (no actor), its customer, or an admin. */
function causedBy(actor: string | null, order: OrderInLog): OrderHistoryEntry['by'] {
  if (actor === null) return 'shop';
  return actor === order.userId ? 'customer' : 'admin';
}

/**
 * The uid an entry shows: an admin reading the history sees whose every step was; its customer
 * sees their own uid and otherwise only `by` ("admin"): a shop's staff are not named to customers.
 */
function actorShown(actor: string | null, order: OrderInLog, reader: HistoryReader): string | null {
  return reader.admin || actor === order.userId ? actor : null;
}

function entryOf(event: StoredEvent<OrderEvent>, order: OrderInLog, reader: HistoryReader): OrderHistoryEntry {
  return {
    position: formatPosition(event.position),
    type: event.type,
    occurredAt: event.meta.occurredAt,
    actor: actorShown(event.meta.actor, order, reader),
    by: causedBy(event.meta.actor, order),
    status: orderStatusAfter(event),
    details: detailsOf(event),
  };
}

/**
 * GET /orders/:id/history's answer: one entry per event of the order's stream read from the log at
 * the offsets the read model keeps, in log order. An event found there that is not this order's
 * (the read model pointing elsewhere, a record that is no ToolForge event) is left out and handed
 * to `leftOut`: the history shows what the log says of the order, never fails on one record.
 */
export function orderHistory(
  order: OrderInLog,
  events: readonly StoredEvent[],
  reader: HistoryReader,
  leftOut: (event: StoredEvent, why: string) => void,
): OrderHistoryResponse {
  const entries: OrderHistoryEntry[] = [];
  for (const event of events) {
    const why = whyNotOfOrder(event, order);
    if (why) leftOut(event, why);
    else entries.push(entryOf(event as StoredEvent<OrderEvent>, order, reader));
  }
  return { orderId: order.orderId, entries };
}
