import { orderTotals, type CreditNoteIssued, type InvoiceIssued, type OrderEmail, type ShopEvent } from '@toolforge/contracts';
import type { EmailLine, OrderEmailFacts } from '@toolforge/documents';

/**
 * What the outbox keeps of an order to write its e-mails (docs/documents.md): the customer, the
 * lines and totals as placed, the address, its documents, and what each e-mail it has had cause for
 * said, so that an admin's resend says it again. Folded from the order's own stream only, kept as
 * one jsonb value per order (tables.ts).
 */
export interface OrderMailState {
  readonly orderId: string;
  readonly userId: string;
  readonly customerName: string;
  readonly lines: readonly EmailLine[];
  readonly subtotalCents: number;
  readonly surchargeCents: number;
  readonly shippingCents: number;
  readonly totalCents: number;
  readonly shippingAddress: string;
  readonly invoice: InvoiceIssued['data'] | null;
  readonly creditNotes: readonly CreditNoteIssued['data'][];
  /** Payments the order did not take (PaymentNotApplied): their refunds reverse no invoice, so carry no credit note. */
  readonly paymentsNotApplied: readonly string[];
  /** Each e-mail the order has had cause for, as last owed: what a resend sends again. */
  readonly owed: Partial<Record<OrderEmail, OwedEmail>>;
  /** Its customer was erased (forgetting.ts): what it owes from then on is skipped. */
  readonly forgotten?: true;
}

/** An e-mail's own part beyond the order's: a cancellation's reason, a refund's amount, the document attached. */
export interface OwedEmail {
  readonly reason?: string;
  readonly refundedCents?: number;
  readonly attachment: Attachment | null;
}

/** The document an e-mail carries, as its event states it: rendered when sent (the same bytes every time). */
export type Attachment =
  | { readonly kind: 'invoice'; readonly data: InvoiceIssued['data'] }
  | { readonly kind: 'creditNote'; readonly data: CreditNoteIssued['data'] };

/** An e-mail an event owes: which, and to whom (the order's customer). */
export interface OwedMessage {
  readonly email: OrderEmail;
  readonly orderId: string;
  readonly userId: string;
  readonly owed: OwedEmail;
}

/**
 * The order as it stands after `event`, and the e-mail the event owes (if any): OrderPlaced →
 * placed, InvoiceIssued → paid with the invoice, OrderShipped → shipped, OrderDelivered → delivered,
 * OrderCancelled → cancelled, OrderRefunded → refunded with the order's last credit note when the
 * refund reverses its invoiced payment, OrderEmailResendRequested → that e-mail again, as last owed.
 * OrderPaid owes none of its own: its invoice, in the same append, is the paid e-mail's cause and
 * carries what it says. Pure: the outbox applies it page by page (outbox.ts).
 */
export function foldOrderMail(
  state: OrderMailState | undefined,
  event: ShopEvent,
): { state: OrderMailState | undefined; owes: OwedMessage | undefined } {
  if (event.type === 'OrderPlaced') {
    const { data } = event;
    const totals = orderTotals(data.subtotalCents);
    const placed: OrderMailState = {
      orderId: data.orderId,
      userId: data.userId,
      customerName: data.userName,
      lines: data.lines.map(({ productName, quantity, unitPriceCents, lineTotalCents }) => ({
        productName,
        quantity,
        unitPriceCents,
        lineTotalCents,
      })),
      // The lines' sum, plus 5 %, plus one flat 50 (docs/architecture.md#3-events); the total as the order states it.
      subtotalCents: data.subtotalCents,
      surchargeCents: totals.surchargeCents,
      shippingCents: totals.shippingCents,
      totalCents: data.totalCostCents,
      shippingAddress: data.shippingAddress,
      invoice: null,
      creditNotes: [],
      paymentsNotApplied: [],
      owed: {},
    };
    return owing(placed, 'placed', { attachment: null });
  }
  if (!state) return { state, owes: undefined };
  switch (event.type) {
    case 'InvoiceIssued': {
      const invoice = event.data;
      const invoiced: OrderMailState = {
        ...state,
        invoice,
        surchargeCents: invoice.surchargeCents,
        shippingCents: invoice.shippingCents,
        subtotalCents: invoice.subtotalCents,
        totalCents: invoice.totalCents,
      };
      return owing(invoiced, 'paid', { attachment: { kind: 'invoice', data: invoice } });
    }
    case 'CreditNoteIssued':
      return { state: { ...state, creditNotes: [...state.creditNotes, event.data] }, owes: undefined };
    case 'OrderShipped':
      return owing(state, 'shipped', { attachment: null });
    case 'OrderDelivered':
      return owing(state, 'delivered', { attachment: null });
    case 'OrderCancelled':
      return owing(state, 'cancelled', { reason: event.data.reason, attachment: null });
    case 'PaymentNotApplied':
      return { state: { ...state, paymentsNotApplied: [...state.paymentsNotApplied, event.data.paymentId] }, owes: undefined };
    case 'OrderRefunded': {
      const creditNote = state.paymentsNotApplied.includes(event.data.paymentId) ? undefined : state.creditNotes.at(-1);
      return owing(state, 'refunded', {
        refundedCents: event.data.amountCents,
        attachment: creditNote ? { kind: 'creditNote', data: creditNote } : null,
      });
    }
    case 'OrderEmailResendRequested': {
      const again = state.owed[event.data.email];
      // The command service refuses a resend of an e-mail never owed (mailMessages.emailNeverSent); a log that holds one anyway owes nothing.
      return { state, owes: again ? { email: event.data.email, orderId: state.orderId, userId: state.userId, owed: again } : undefined };
    }
    default:
      return { state, owes: undefined };
  }
}

function owing(state: OrderMailState, email: OrderEmail, owed: OwedEmail): { state: OrderMailState; owes: OwedMessage } {
  return {
    state: { ...state, owed: { ...state.owed, [email]: owed } },
    owes: { email, orderId: state.orderId, userId: state.userId, owed },
  };
}

/** What composeOrderEmail writes the owed e-mail from: the order as it stood when the e-mail was decided. */
export function emailFacts(state: OrderMailState, message: OwedMessage, shopUrl: string): OrderEmailFacts {
  const { attachment, reason, refundedCents } = message.owed;
  const documentNumber = attachment?.kind === 'invoice' ? attachment.data.invoiceNumber : attachment?.data.creditNoteNumber;
  return {
    email: message.email,
    orderId: state.orderId,
    customerName: state.customerName,
    lines: state.lines,
    subtotalCents: state.subtotalCents,
    surchargeCents: state.surchargeCents,
    shippingCents: state.shippingCents,
    totalCents: state.totalCents,
    shippingAddress: state.shippingAddress,
    shopUrl,
    ...(reason !== undefined ? { reason } : {}),
    ...(refundedCents !== undefined ? { refundedCents } : {}),
    ...(documentNumber !== undefined ? { documentNumber } : {}),
  };
}
