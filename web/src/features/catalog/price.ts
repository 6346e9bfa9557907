import { formatCents, toCents } from '@toolforge/contracts';

/** "$24.50": an API amount with its dollar sign and two decimals (docs/architecture.md#9-the-products-rules). */
export function formatPrice(amount: number): string {
  const cents = toCents(amount);
  return cents === null ? `$${amount}` : `$${formatCents(cents)}`;
}
