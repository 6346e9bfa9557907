/**
 * The order's lines and totals as both parts of an e-mail list them, formatted once (money.ts) so the
 * HTML and the text part show the same amounts.
 */
import { TAX_PERCENT } from '@toolforge/contracts';
import { dollars } from '../money.js';
import type { OrderEmailFacts } from './compose.js';

export interface SummaryLine {
  readonly product: string;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly lineTotal: string;
}

export interface Summary {
  readonly lines: readonly SummaryLine[];
  /** Subtotal, tax, shipping and, last, the total. */
  readonly totals: readonly (readonly [label: string, amount: string])[];
}

export function summaryOf(facts: OrderEmailFacts): Summary {
  return {
    lines: facts.lines.map((line) => ({
      product: line.productName,
      quantity: String(line.quantity),
      unitPrice: dollars(line.unitPriceCents),
      lineTotal: dollars(line.lineTotalCents),
    })),
    totals: [
      ['Subtotal', dollars(facts.subtotalCents)],
      [`Tax (${TAX_PERCENT}%)`, dollars(facts.surchargeCents)],
      ['Shipping', dollars(facts.shippingCents)],
      ['Total', dollars(facts.totalCents)],
    ],
  };
}

/** Where the e-mail sends the customer: their orders in the web shop. */
export function myOrdersUrl(shopUrl: string): string {
  return `${shopUrl.replace(/\/+$/, '')}/myorders`;
}
