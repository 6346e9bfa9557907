import {
  TOPICS,
  TOPIC_OF_EVENT,
  formatCents,
  formatPosition,
  fromCents,
  isOrderEvent,
  orderStatusAfter,
  whyUnreadable,
  type DocumentEvent,
  type HeldLine,
  type MailEvent,
  type OrderEvent,
  type OrderHistoryEntry,
  type OrderHistoryResponse,
  type OrderLine,
  type OrderSettlement,
  type OrderStatus,
  type PaymentEvent,
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

/**
 * The events of an order's stream: the orders' own, which move its status; the payments', which the
 * shop appends on the order's stream as the provider reports its money (payments/events.ts); its
 * documents (documents/events.ts); an admin's request to send one of its e-mails again (mail/events.ts).
 */
type OrderStreamEvent = OrderEvent | PaymentEvent | DocumentEvent | MailEvent;

/** The names of the products an order was placed with, by id, from the history's OrderPlaced. */
function productNamesOf(events: readonly StoredEvent<OrderStreamEvent>[]): Map<string, string> {
  const placed = events.find((event) => event.type === 'OrderPlaced');
  return new Map(placed?.type === 'OrderPlaced' ? placed.data.lines.map((line) => [line.productId, line.productName]) : []);
}

/** How an OrderPaid paid: by card (the provider's payment id), offline (its reference), each for its amount; nothing more for one paid before the shop said how. */
function settlementDetails(payment: OrderSettlement | null | undefined): OrderHistoryEntry['details'] {
  // Null since schema version 3 for the orders paid before; an event read without its upcasters has none at all.
  if (payment === null || payment === undefined) return {};
  const amount = fromCents(payment.amountCents);
  return payment.method === 'card'
    ? { method: 'card', paymentId: payment.paymentId, amount }
    : { method: 'offline', reference: payment.reference, amount };
}

/**
 * What an event recorded, as the history shows it: the order as placed (its lines, their subtotal,
 * the total), a payment and how, a failed attempt's reason, a payment captured that the order did
 * not take and why, a refund, a cancellation's reason and the stock it gave back (every line's, and
 * their sum), an invoice (its number and total), a credit note (its number, the invoice it reverses,
 * its total and reason), an e-mail sent again (which). Amounts in currency units, as the order's total.
 */
function detailsOf(event: OrderStreamEvent, names: ReadonlyMap<string, string>): OrderHistoryEntry['details'] {
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
      return { payment: true, ...settlementDetails(event.data.payment) };
    case 'OrderPaymentFailed':
      return { reason: event.data.reason, paymentId: event.data.paymentId };
    case 'PaymentNotApplied': {
      const { amountCents, because, paymentId } = event.data;
      return { amount: fromCents(amountCents), because, paymentId };
    }
    case 'OrderRefunded': {
      const { amountCents, refundId, paymentId } = event.data;
      return { amount: fromCents(amountCents), refundId, paymentId };
    }
    case 'OrderCancelled': {
      const { reason, lines } = event.data;
      return { reason, returned: returnedText(lines, names), returnedStock: lines.reduce((sum, line) => sum + line.quantity, 0) };
    }
    case 'InvoiceIssued': {
      const { invoiceNumber, totalCents } = event.data;
      return { invoiceNumber, total: fromCents(totalCents) };
    }
    case 'CreditNoteIssued': {
      const { creditNoteNumber, invoiceNumber, totalCents, reason } = event.data;
      return { creditNoteNumber, invoiceNumber, total: fromCents(totalCents), reason };
    }
    case 'OrderEmailResendRequested':
      return { email: event.data.email };
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
  if (TOPIC_OF_EVENT[event.type] !== TOPICS.orders) return `${event.type} is no event of an order`;
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

/**
 * The order's status after an event: the one its own events move it to (the status fold), and for
 * a payment's event the status it had before (none of them moves the order: a failed attempt leaves
 * it pending, a refund leaves it cancelled). Pending when the history shows nothing before it:
 * every order begins pending.
 */
function statusAfter(event: StoredEvent<OrderStreamEvent>, before: OrderStatus | undefined): OrderStatus {
  return isOrderEvent(event) ? orderStatusAfter(event) : (before ?? 'pending');
}

function entryOf(
  event: StoredEvent<OrderStreamEvent>,
  order: OrderInLog,
  reader: HistoryReader,
  names: ReadonlyMap<string, string>,
  statusBefore: OrderStatus | undefined,
): OrderHistoryEntry {
  return {
    position: formatPosition(event.position),
    type: event.type,
    occurredAt: event.meta.occurredAt,
    actor: actorShown(event.meta.actor, order, reader),
    by: causedBy(event.meta.actor, order),
    status: statusAfter(event, statusBefore),
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
  const ofOrder: StoredEvent<OrderStreamEvent>[] = [];
  for (const event of events) {
    const why = whyNotOfOrder(event, order);
    if (why) leftOut(event, why);
    else ofOrder.push(event as StoredEvent<OrderStreamEvent>);
  }
  const names = productNamesOf(ofOrder);
  const entries: OrderHistoryEntry[] = [];
  for (const event of ofOrder) entries.push(entryOf(event, order, reader, names, entries.at(-1)?.status));
  return { orderId: order.orderId, entries };
}
