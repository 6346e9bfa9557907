import { EXPIRED_REASON, type OrderHistoryEntry } from '@toolforge/contracts';
import { formatPrice } from '../catalog/price';

const WHAT: Record<OrderHistoryEntry['type'], string> = {
  OrderPlaced: 'Placed',
  OrderPaid: 'Paid',
  OrderShipped: 'Shipped',
  OrderDelivered: 'Delivered',
  OrderCancelled: 'Cancelled',
  OrderPaymentFailed: 'Payment failed',
  PaymentNotApplied: 'Late payment, to be refunded',
  OrderRefunded: 'Refunded',
};

/** The events the payment provider's webhooks report: the shop records them (actor null), but the provider told it. */
const REPORTED_BY_PROVIDER: ReadonlySet<OrderHistoryEntry['type']> = new Set(['OrderPaid', 'OrderPaymentFailed', 'PaymentNotApplied']);

/** Why a captured payment was not applied to its order, by PaymentNotApplied's `because` (a Map: a detail is never looked up on an object's prototype). */
const NOT_APPLIED_BECAUSE = new Map([
  ['order-cancelled', 'The order was cancelled before the payment arrived'],
  ['already-paid', 'The order was already paid'],
]);

const BY: Record<OrderHistoryEntry['by'], string> = {
  customer: 'the customer',
  admin: 'an admin',
  shop: 'the shop',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** When, in the reader's own time zone and language. */
export const occurredText = (entry: OrderHistoryEntry) => timeFormat.format(new Date(entry.occurredAt));
export const whatText = (entry: OrderHistoryEntry) => WHAT[entry.type];
export const byText = (entry: OrderHistoryEntry) =>
  entry.by === 'shop' && REPORTED_BY_PROVIDER.has(entry.type) ? 'via the payment provider' : `by ${BY[entry.by]}`;

// A detail is read only when it has the expected type: what an event recorded may change over time.
function text(entry: OrderHistoryEntry, field: string): string | undefined {
  const value = entry.details[field];
  return typeof value === 'string' ? value : undefined;
}
function amount(entry: OrderHistoryEntry, field: string): number | undefined {
  const value = entry.details[field];
  return typeof value === 'number' ? value : undefined;
}

/** "for $12.34" when the entry names its amount (two decimals, as the order's total). */
function forAmount(entry: OrderHistoryEntry, field = 'amount'): string {
  const value = amount(entry, field);
  return value === undefined ? '' : ` for ${formatPrice(value)}`;
}

/** How an order was paid: by card (the provider's payment id), offline (its reference), or, before the shop took payments, unsaid. */
function paidLines(entry: OrderHistoryEntry): string[] {
  const method = text(entry, 'method');
  if (method === 'card') {
    const paymentId = text(entry, 'paymentId');
    return [`By card${forAmount(entry)}`, paymentId ? `Payment ${paymentId}` : ''].filter(Boolean);
  }
  if (method === 'offline') {
    const reference = text(entry, 'reference');
    return [`Offline${forAmount(entry)}`, reference ? `Reference: ${reference}` : ''].filter(Boolean);
  }
  return ['Payment received'];
}

/**
 * What the event changed, in a line or two: the order as placed, how it was paid, why a payment
 * failed or was not applied, what was refunded, or a cancellation's reason and the stock it gave back.
 */
export function detailLines(entry: OrderHistoryEntry): string[] {
  switch (entry.type) {
    case 'OrderPlaced': {
      // The lines as the history words them ("10 × F-Clamp at 10.90; 2 × Bench Vise at 89.50").
      const lines = text(entry, 'lines');
      const totalCost = amount(entry, 'totalCost');
      const address = text(entry, 'shippingAddress');
      return [
        [lines, totalCost === undefined ? null : `for ${formatPrice(totalCost)}`].filter(Boolean).join(' '),
        address ? `Ship to: ${address}` : '',
      ].filter(Boolean);
    }
    case 'OrderPaid':
      return paidLines(entry);
    case 'OrderPaymentFailed': {
      const reason = text(entry, 'reason');
      return [reason ? `Reason: ${reason}` : ''].filter(Boolean);
    }
    case 'PaymentNotApplied': {
      const received = amount(entry, 'amount');
      const because = NOT_APPLIED_BECAUSE.get(text(entry, 'because') ?? '');
      return [received === undefined ? '' : `${formatPrice(received)} received`, because ?? ''].filter(Boolean);
    }
    case 'OrderRefunded': {
      const refundId = text(entry, 'refundId');
      const refunded = amount(entry, 'amount');
      return [refunded === undefined ? '' : `${formatPrice(refunded)} refunded`, refundId ? `Refund ${refundId}` : ''].filter(Boolean);
    }
    case 'OrderCancelled': {
      const reason = text(entry, 'reason') ?? '';
      const returned = amount(entry, 'returnedStock');
      const why = entry.by === 'shop' && reason === EXPIRED_REASON ? 'Not paid in time' : reason ? `Reason: ${reason}` : 'No reason given';
      return [why, returned === undefined ? '' : `${returned} returned to stock`].filter(Boolean);
    }
    case 'OrderShipped':
    case 'OrderDelivered':
      return [];
    default: {
      const unknown: never = entry.type;
      return [String(unknown)];
    }
  }
}
