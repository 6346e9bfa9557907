import { formatCents, toCents } from '@toolforge/contracts';

/** "$24.50": integer cents as the shop shows money (docs/architecture.md#9-the-products-rules). */
export const dollars = (cents: number): string => `$${formatCents(cents)}`;

/** "$24.50": an API amount with its dollar sign and two decimals. */
export function formatPrice(amount: number): string {
  const cents = toCents(amount);
  return cents === null ? `$${amount}` : dollars(cents);
}
