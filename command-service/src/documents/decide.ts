import {
  documentNumber,
  documentNumberParts,
  documentYear,
  orderTotals,
  type CreditNoteIssued,
  type DocumentKind,
  type DocumentLine,
  type InvoiceIssued,
  type OrderCancelled,
  type OrderPaid,
  type OrderSettlement,
  type SellerBlock,
} from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';
import type { BillableOrder, DocumentsView } from './documentStates.js';

/** What a document is issued with, besides the fact that owes it. */
export interface IssueContext {
  /** The decision's instant: the document's date, and the year it is numbered in (UTC). */
  readonly now: Date;
  /** The facts of the same append so far: a number taken there is taken. */
  readonly earlier: readonly Decided[];
  /** Who sells, as the shop's settings say now. */
  readonly seller: SellerBlock;
}

/**
 * The invoice an order's payment owes (docs/documents.md): the order as placed, for its total, and
 * how it was paid, numbered next in the year of the payment. Only a pending order's payment owes
 * one: an order paid again (which the lifecycle refuses anyway) never gets a second invoice.
 */
export function invoiceFor(paid: Decided<OrderPaid>, context: IssueContext, view: DocumentsView): Decided<InvoiceIssued>[] {
  const { orderId, payment } = paid.data;
  const order = view.billableOrder(orderId);
  if (!order || context.earlier.some((fact) => fact.type === 'InvoiceIssued' && fact.data.orderId === orderId)) return [];
  return [
    {
      type: 'InvoiceIssued',
      data: {
        ...bodyOf(order, context),
        invoiceNumber: nextNumber('invoice', context, view),
        payment: paymentOf(payment),
      },
    },
  ];
}

/**
 * The credit note a paid order's cancellation owes: its invoice reversed in full (the same lines,
 * totals and buyer), the seller as now, numbered next in the year of the cancellation. An order
 * cancelled unpaid has no invoice to reverse, and one reversed already is not reversed again.
 */
export function creditNoteFor(cancelled: Decided<OrderCancelled>, context: IssueContext, view: DocumentsView): Decided<CreditNoteIssued>[] {
  const { orderId, reason } = cancelled.data;
  const invoice = view.reversibleInvoice(orderId);
  if (!invoice || context.earlier.some((fact) => fact.type === 'CreditNoteIssued' && fact.data.orderId === orderId)) return [];
  const { invoiceNumber, payment: _payment, ...body } = invoice;
  return [
    {
      type: 'CreditNoteIssued',
      data: {
        ...body,
        issuedAt: context.now.toISOString(),
        seller: context.seller,
        creditNoteNumber: nextNumber('creditNote', context, view),
        invoiceNumber,
        reason,
      },
    },
  ];
}

/** What an invoice states of its order: who sells and buys, the lines, the totals (money.ts, orderTotals). */
function bodyOf(order: BillableOrder, { now, seller }: IssueContext) {
  const { subtotalCents, surchargeCents, shippingCents } = orderTotals(order.subtotalCents);
  return {
    orderId: order.orderId,
    issuedAt: now.toISOString(),
    seller,
    buyer: { userId: order.userId, name: order.userName, address: order.shippingAddress },
    lines: order.lines.map(({ productId, productName, quantity, unitPriceCents, tierMinQuantity, lineTotalCents }): DocumentLine => ({
      productId,
      productName,
      quantity,
      unitPriceCents,
      // Orders placed before the shop recorded the step print none.
      tierMinQuantity: tierMinQuantity ?? null,
      lineTotalCents,
    })),
    subtotalCents,
    surchargeCents,
    shippingCents,
    // What the customer was asked to pay, and paid: the order's own total.
    totalCents: order.totalCostCents,
  };
}

/** How the invoice says the order was paid: the provider's payment id, the transfer's reference, or nothing said. */
function paymentOf(payment: OrderSettlement | null): InvoiceIssued['data']['payment'] {
  if (!payment) return null;
  return payment.method === 'card' ? { method: 'card', reference: payment.paymentId } : { method: 'offline', reference: payment.reference };
}

/**
 * The next number of `kind` in the year of `now`: one past the last the log holds, and past any the
 * same append took already. Gapless: a number whose append failed was never in the log, so the next
 * decision takes it again.
 */
export function nextNumber(kind: DocumentKind, { now, earlier }: Pick<IssueContext, 'now' | 'earlier'>, view: DocumentsView): string {
  const year = documentYear(now);
  let last = view.lastSequence(kind, year);
  for (const fact of earlier) {
    const taken =
      fact.type === 'InvoiceIssued' && kind === 'invoice'
        ? fact.data.invoiceNumber
        : fact.type === 'CreditNoteIssued' && kind === 'creditNote'
          ? fact.data.creditNoteNumber
          : undefined;
    const parts = taken === undefined ? undefined : documentNumberParts(taken);
    if (parts?.year === year) last = Math.max(last, parts.sequence);
  }
  return documentNumber({ kind, year, sequence: last + 1 });
}
