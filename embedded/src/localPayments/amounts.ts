/**
 * An amount in a currency's minor unit as Stripe shows it ("$12.50", "¥1,250"): the currency's own
 * number of decimals, which is how Stripe reads `unit_amount` (cents for usd, yen for jpy).
 */
export function formatAmount(minorUnits: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** decimals);
}
