/**
 * What each order e-mail says, as plain text: its subject, its headline and its sentences. The HTML
 * and the text part are both made from this (html.ts escapes every value; text.ts has none to), so
 * the two parts never tell different facts. The subject carries no customer-typed text, only the
 * shop's order id with anything that could break a header line removed (docs/security.md).
 */
import { EXPIRED_REASON, type OrderEmail } from '@toolforge/contracts';
import { dollars } from '../money.js';
import { SHOP_NAME } from '../theme.js';
import type { OrderEmailFacts } from './compose.js';

export interface Wording {
  readonly subject: string;
  readonly headline: string;
  readonly paragraphs: readonly string[];
}

const WORDINGS: Readonly<Record<OrderEmail, (facts: OrderEmailFacts, order: string) => Wording>> = {
  placed: (_facts, order) => ({
    subject: `Your ${SHOP_NAME} order ${order} is confirmed`,
    headline: 'Thank you for your order',
    paragraphs: [`We have received your order ${order}.`, 'We will write again when it is paid and when it is on its way.'],
  }),
  paid: (facts, order) => ({
    subject: `Your ${SHOP_NAME} order ${order} is paid`,
    headline: 'Payment received',
    paragraphs: [
      `We have received the payment for your order ${order}.`,
      facts.documentNumber === undefined ? 'Your invoice is attached.' : `Your invoice ${facts.documentNumber} is attached.`,
    ],
  }),
  shipped: (_facts, order) => ({
    subject: `Your ${SHOP_NAME} order ${order} has shipped`,
    headline: 'Your order is on its way',
    paragraphs: [`Your order ${order} has left our warehouse for the address below.`],
  }),
  delivered: (_facts, order) => ({
    subject: `Your ${SHOP_NAME} order ${order} was delivered`,
    headline: 'Your order was delivered',
    paragraphs: [`Your order ${order} was delivered. We hope your tools serve you well.`],
  }),
  cancelled: (facts, order) => ({
    subject: `Your ${SHOP_NAME} order ${order} is cancelled`,
    headline: 'Your order is cancelled',
    paragraphs: [
      `Your order ${order} is cancelled.`,
      `Reason: ${reasonText(facts.reason)}`,
      'If it was paid, you will get an e-mail when the payment is refunded.',
    ],
  }),
  refunded: (facts, order) => ({
    subject: `Your ${SHOP_NAME} order ${order} is refunded`,
    headline: 'Your payment is refunded',
    paragraphs: [
      facts.refundedCents === undefined
        ? `We have refunded the payment for your order ${order}.`
        : `We have refunded ${dollars(facts.refundedCents)} for your order ${order}.`,
      ...(facts.documentNumber === undefined ? [] : [`Our credit note ${facts.documentNumber} is attached.`]),
    ],
  }),
};

/** The e-mail's words for these facts. */
export function wordingOf(facts: OrderEmailFacts): Wording {
  return WORDINGS[facts.email](facts, oneLine(facts.orderId));
}

/** A cancellation's reason as the customer reads it: the shop's own reason for an unpaid order spelled out. */
function reasonText(reason: string | undefined): string {
  if (reason === undefined || reason.trim() === '') return 'none given';
  return reason === EXPIRED_REASON ? 'it was not paid in time' : reason;
}

/** Text safe on one header line: no line breaks or other control characters (a header injection). */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}
