/**
 * What an invoice or a credit note prints, whichever it is: the one layout reads this, and each
 * document's event says how it fills it (render.ts). A credit note reverses its invoice in full, so it
 * is the same paper with its amounts negative (sign -1).
 */
import type { DocumentLine, SellerBlock } from '@toolforge/contracts';

export interface Paper {
  /** "Invoice" or "Credit note": the band's and the info's title. */
  readonly title: string;
  readonly number: string;
  /** An ISO instant (the event's occurredAt): the date printed, and the PDF's dates. */
  readonly issuedAt: string;
  readonly orderId: string;
  readonly seller: SellerBlock;
  readonly buyer: { readonly name: string; readonly address: string };
  readonly lines: readonly DocumentLine[];
  /** 1 for an invoice, -1 for a credit note: every amount printed is multiplied by it. */
  readonly sign: 1 | -1;
  readonly subtotalCents: number;
  readonly surchargeCents: number;
  readonly shippingCents: number;
  readonly totalCents: number;
  /** Sentences under the totals: how it was paid, which invoice is reversed and why. */
  readonly notes: readonly string[];
}

/** The date a document prints: its issuedAt's day, in UTC (the day its number's year is taken from). */
export function printedDate(issuedAt: string): string {
  return new Date(issuedAt).toISOString().slice(0, 10);
}
