import {
  TOPICS,
  formatCents,
  formatPosition,
  fromCents,
  isOrderEvent,
  orderStatusAfter,
  whyUnreadable,
  type HeldLine,
  type OrderEvent,
  type OrderHistoryEntry,
  type OrderHistoryResponse,
  type OrderLine,
} from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { OrderInLog } from '@toolforge/read-model';

/**
 * An order's lines as one text ("3 × Claw Hammer at 24.99; 10 × Bench Vise at 42.00"): the history's
 * details are plain values, and a customer reads an order as its lines.
 */
function linesText(lines: readonly OrderLine[]): string {
  return lines.map((line) => `${line.quantity} × ${line.productName} at ${formatCents(line.unitPriceCents)}`).join('; ');
}

/** What a cancellation gave back, by the names the order was placed with (a product's id when the history lacks its placing). */
function returnedText(lines: readonly HeldLine[], names: ReadonlyMap<string, string>): string {
  return lines.map((line) => `${line.quantity} × ${names.get(line.productId) ?? line.productId}`).join('; ');
}

/** The names of the products an order was placed with, by id, from the history's OrderPlaced. */
function productNamesOf(events: readonly StoredEvent<OrderEvent>[]): Map<string, string> {
  const placed = events.find((event) => event.type === 'OrderPlaced');
  return new Map(placed?.type === 'OrderPlaced' ? placed.data.lines.map((line) => [line.productId, line.productName]) : []);
}

/**
 * What an event recorded, as the history shows it: the order as placed (its lines, their subtotal,
 * the total), a payment, a cancellation's reason and the stock it gave back (every line's, and
 * their sum).
 */
function detailsOf(event: OrderEvent, names: ReadonlyMap<string, string>): OrderHistoryEntry['details'] {
  switch (event.type) {
    case 'OrderPlaced': {
      const { lines, subtotalCents, totalCostCents, shippingAddress, cartVersion } = event.data;
      return {
        lines: linesText(lines),
        subtotal: fromCents(subtotalCents),
        totalCost: fromCents(totalCostCents),
        shippingAddress,
        fromCart: cartVersion !== null,
      };
    }
    case 'OrderPaid':
      return { payment: true };
    case 'OrderCancelled': {
      const { reason, lines } = event.data;
      return { reason, returned: returnedText(lines, names), returnedStock: lines.reduce((sum, line) => sum + line.quantity, 0) };
    }
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

function entryOf(
  event: StoredEvent<OrderEvent>,
  order: OrderInLog,
  reader: HistoryReader,
  names: ReadonlyMap<string, string>,
): OrderHistoryEntry {
  return {
    position: formatPosition(event.position),
    type: event.type,
    occurredAt: event.meta.occurredAt,
    actor: actorShown(event.meta.actor, order, reader),
    by: causedBy(event.meta.actor, order),
    status: orderStatusAfter(event),
    details: detailsOf(event, names),
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
  const ofOrder: StoredEvent<OrderEvent>[] = [];
  for (const event of events) {
    const why = whyNotOfOrder(event, order);
    if (why) leftOut(event, why);
    else ofOrder.push(event as StoredEvent<OrderEvent>);
  }
  const names = productNamesOf(ofOrder);
  return { orderId: order.orderId, entries: ofOrder.map((event) => entryOf(event, order, reader, names)) };
}
