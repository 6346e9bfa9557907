/**
 * Amounts and ladder steps as the shop shows them (web/src/features/catalog/price.ts: `$` and
 * contracts' formatCents), shared by the PDFs and the e-mails so a document and its e-mail never
 * disagree on how a sum reads. A credit note's amounts are negative: "-$12.50", the sign first.
 */
import { formatCents, type Cents } from '@toolforge/contracts';

/** "$12.50", or "-$12.50" for a negative amount. */
export function dollars(cents: Cents): string {
  return cents < 0 ? `-$${formatCents(-cents)}` : `$${formatCents(cents)}`;
}

/** The ladder step a line's quantity reached ("10+"), or "—" when it is charged the base price. */
export function tierLabel(tierMinQuantity: number | null): string {
  return tierMinQuantity === null ? '—' : `${tierMinQuantity}+`;
}
