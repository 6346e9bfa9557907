/**
 * An order e-mail's content from the facts the outbox gathered (projector/src/mail): its words
 * (wording.ts), then the HTML part and the plain-text part made from them.
 */
import type { OrderEmail } from '@toolforge/contracts';
import { emailHtml } from './html.js';
import { emailText } from './text.js';
import { wordingOf } from './wording.js';

/** One line of an order as an e-mail lists it. */
export interface EmailLine {
  readonly productName: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly lineTotalCents: number;
}

/** What an order e-mail says, gathered by the outbox from the order's events when it decides to send it. */
export interface OrderEmailFacts {
  readonly email: OrderEmail;
  readonly orderId: string;
  /** The customer's name, as their order carries it. */
  readonly customerName: string;
  readonly lines: readonly EmailLine[];
  readonly subtotalCents: number;
  readonly surchargeCents: number;
  readonly shippingCents: number;
  readonly totalCents: number;
  readonly shippingAddress: string;
  /** A cancellation's reason (cancelled). */
  readonly reason?: string;
  /** What was refunded (refunded). */
  readonly refundedCents?: number;
  /** The number of the document attached: the invoice (paid), the credit note (refunded), if any. */
  readonly documentNumber?: string;
  /** The web shop's address (MAIL settings' shopUrl): the e-mail links to its My Orders. */
  readonly shopUrl: string;
}

/** An e-mail ready to send: its subject, and its body as HTML and as plain text. */
export interface ComposedEmail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** The e-mail for these facts, in the shop's look: every value typed by a person is text in the HTML, never markup. */
export function composeOrderEmail(facts: OrderEmailFacts): ComposedEmail {
  const wording = wordingOf(facts);
  return { subject: wording.subject, html: emailHtml(facts, wording), text: emailText(facts, wording) };
}
