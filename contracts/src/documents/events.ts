import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { count, id, personName, positive, reason, text } from '../eventFields.js';
import { PAYMENT_LIMITS } from '../payments/limits.js';
import { DOCUMENT_LIMITS } from './limits.js';
import { documentNumberParts, type DocumentKind } from './numbers.js';

/** A document number of this kind (numbers.ts), checked without a regular expression. */
const numberOf = (kind: DocumentKind) =>
  text(DOCUMENT_LIMITS.documentNumber).refine((value) => documentNumberParts(value)?.kind === kind, `is no ${kind} number`);

/** An instant as toISOString writes it (UTC, milliseconds): the one spelling, so a re-render prints the same date. */
const instant = text(30).refine((value) => {
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString() === value;
}, 'is no ISO instant');

/** Who sells: the shop's settings when the document was issued (SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID), kept with it. */
export const sellerBlock = z.strictObject({
  name: text(DOCUMENT_LIMITS.sellerName),
  address: text(DOCUMENT_LIMITS.sellerAddress, true),
  vatId: text(DOCUMENT_LIMITS.vatId),
});
export type SellerBlock = z.output<typeof sellerBlock>;

/** Who buys: the order's customer, their name and the shipping address as the order has them. */
const buyerBlock = z.strictObject({
  userId: id(LIMITS.uid),
  name: personName,
  address: text(LIMITS.shippingAddress, true),
});

/** A line as a document prints it: the order's line, and the ladder step its quantity reached (null: the base price). */
const documentLine = z.strictObject({
  productId: id(),
  productName: text(LIMITS.productName),
  quantity: positive,
  unitPriceCents: count,
  tierMinQuantity: positive.nullable(),
  lineTotalCents: count,
});

/** How the invoiced order was paid: the provider's payment id by card, the reference offline; null when the order says neither. */
const documentPayment = z.strictObject({
  method: z.enum(['card', 'offline']),
  reference: text(Math.max(PAYMENT_LIMITS.providerId, PAYMENT_LIMITS.reference)).min(1),
});

/** What every document states in full, so that it renders from its own event alone, the same bytes every time. */
const documentBody = {
  orderId: id(),
  /** The meta.occurredAt of the event: the document's date. */
  issuedAt: instant,
  seller: sellerBlock,
  buyer: buyerBlock,
  lines: z.array(documentLine).min(1).max(LIMITS.cartLines),
  subtotalCents: count,
  /** The 5 % on the subtotal (money.ts, orderTotals). */
  surchargeCents: count,
  shippingCents: count,
  totalCents: count,
};

/**
 * The order's documents, on its own stream of sales.orders: decided by the one writer in the same
 * append as the fact that owes them (docs/documents.md), each numbered in its year's sequence.
 */
export const documentEvents = featureEvents(
  { topicName: 'orders', topic: 'sales.orders', streamKey: 'orderId' },
  {
    /** The order was paid (OrderPaid, just before in the same append): its invoice, for its total. */
    InvoiceIssued: z.strictObject({
      ...documentBody,
      invoiceNumber: numberOf('invoice'),
      payment: documentPayment.nullable(),
    }),
    /** The paid order was cancelled (OrderCancelled, just before in the same append): its invoice is reversed in full. */
    CreditNoteIssued: z.strictObject({
      ...documentBody,
      creditNoteNumber: numberOf('creditNote'),
      /** The invoice this credit note reverses. */
      invoiceNumber: numberOf('invoice'),
      reason,
    }),
  },
);

export type DocumentLine = z.output<typeof documentLine>;
export type InvoiceIssued = EventOf<typeof documentEvents, 'InvoiceIssued'>;
export type CreditNoteIssued = EventOf<typeof documentEvents, 'CreditNoteIssued'>;
export type DocumentEvent = EventsOf<typeof documentEvents>;
