import { EXPIRED_REASON, type OrderHistoryEntry } from '@toolforge/contracts';
import { formatPrice } from '../catalog/price';
import { EMAIL_NAMES, creditNoteLabel, invoiceLabel } from '../documents/documentTexts';

const WHAT: Record<OrderHistoryEntry['type'], string> = {
  OrderPlaced: 'Placed',
  OrderPaid: 'Paid',
  OrderShipped: 'Shipped',
  OrderDelivered: 'Delivered',
  OrderCancelled: 'Cancelled',
  OrderPaymentFailed: 'Payment failed',
  PaymentNotApplied: 'Late payment, to be refunded',
  OrderRefunded: 'Refunded',
  InvoiceIssued: 'Invoice issued',
  CreditNoteIssued: 'Credit note issued',
  OrderEmailResendRequested: 'E-mail sent again',
};

/** The events the payment provider's webhooks report: the shop records them (actor null), but the provider told it. */
const REPORTED_BY_PROVIDER: ReadonlySet<OrderHistoryEntry['type']> = new Set(['OrderPaid', 'OrderPaymentFailed', 'PaymentNotApplied']);

/** Why a captured payment was not applied to its order, by PaymentNotApplied's `because` (a Map: a detail is never looked up on an object's prototype). */
const NOT_APPLIED_BECAUSE = new Map([
  ['order-cancelled', 'The order was cancelled before the payment arrived'],
  ['already-paid', 'The order was already paid'],
]);

/** The e-mail a resend names, by its `email` (a Map, as above). */
const EMAIL_NAME = new Map<string, string>(Object.entries(EMAIL_NAMES));

const BY: Record<OrderHistoryEntry['by'], string> = {
  customer: 'the customer',
  admin: 'an admin',
  shop: 'the shop',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** When, in the reader's own time zone and language. */
export const occurredText = (entry: OrderHistoryEntry) => timeFormat.format(new Date(entry.occurredAt));
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

/**
 * What happened, naming what it was about where the entry says it: the document issued ("Invoice
 * INV-2026-000001 issued"), the e-mail sent again ("Placed e-mail sent again"); else the event's kind.
 */
function namedWhat(entry: OrderHistoryEntry): string | undefined {
  switch (entry.type) {
    case 'InvoiceIssued': {
      const invoiceNumber = text(entry, 'invoiceNumber');
      return invoiceNumber && `${invoiceLabel(invoiceNumber)} issued`;
    }
    case 'CreditNoteIssued': {
      const creditNoteNumber = text(entry, 'creditNoteNumber');
      return creditNoteNumber && `${creditNoteLabel(creditNoteNumber)} issued`;
    }
    case 'OrderEmailResendRequested': {
      const email = EMAIL_NAME.get(text(entry, 'email') ?? '');
      return email && `${email} e-mail sent again`;
    }
    default:
      return undefined;
  }
}
export const whatText = (entry: OrderHistoryEntry) => namedWhat(entry) || WHAT[entry.type];

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
 * failed or was not applied, what was refunded, a cancellation's reason and the stock it gave back,
 * a document's total (a credit note's invoice and reason).
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
    case 'InvoiceIssued': {
      const total = amount(entry, 'total');
      return [total === undefined ? '' : `Total ${formatPrice(total)}`].filter(Boolean);
    }
    case 'CreditNoteIssued': {
      // The credit note reverses its invoice in full (docs/documents.md): its total is the invoice's.
      const invoiceNumber = text(entry, 'invoiceNumber');
      const reason = text(entry, 'reason');
      return [
        invoiceNumber ? `Reverses invoice ${invoiceNumber}${forAmount(entry, 'total')}` : '',
        reason ? `Reason: ${reason}` : '',
      ].filter(Boolean);
    }
    case 'OrderShipped':
    case 'OrderDelivered':
    case 'OrderEmailResendRequested':
      return [];
    default: {
      const unknown: never = entry.type;
      return [String(unknown)];
    }
  }
}
