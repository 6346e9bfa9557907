/**
 * The plain-text part of an order e-mail: the same facts as the HTML part (wording.ts, summary.ts),
 * for clients that show no HTML and for readers that prefer it.
 */
import { SHOP_NAME } from '../theme.js';
import type { OrderEmailFacts } from './compose.js';
import { myOrdersUrl, summaryOf } from './summary.js';
import type { Wording } from './wording.js';

export function emailText(facts: OrderEmailFacts, wording: Wording): string {
  const summary = summaryOf(facts);
  return [
    wording.headline,
    '',
    `Hello ${facts.customerName},`,
    '',
    ...wording.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...summary.lines.map((line) => `- ${line.product}: ${line.quantity} x ${line.unitPrice} = ${line.lineTotal}`),
    '',
    ...summary.totals.map(([label, amount]) => `${label}: ${amount}`),
    '',
    'Shipping address:',
    facts.shippingAddress,
    '',
    `Your orders: ${myOrdersUrl(facts.shopUrl)}`,
    '',
    SHOP_NAME,
    '',
  ].join('\n');
}
