import { FLAT_FEE_CENTS, TAX_PERCENT } from './constants.js';

/** Money is integer cents inside the system (docs/architecture.md#3-events); the API shows numbers with two decimals. */
export type Cents = number;

/** A non-negative amount with at most two decimals and no leading zero: prices and totals as text. */
export const DECIMAL_AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/** Parses a decimal amount with at most two decimals ("12", "12.5", 12.5) into cents; null if it is not one. */
export function toCents(amount: string | number): Cents | null {
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = text === null ? null : DECIMAL_AMOUNT.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = (match[2] ?? '.').slice(1).padEnd(2, '0');
  const cents = whole * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : null;
}

const ANY_DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * An amount a client computed in floating point ("4725.000000000001", 60.5105), rounded half up to
 * the cent; null if it is not a non-negative decimal. Totals are compared with the server's after this.
 */
export function roundToCents(amount: string | number): Cents | null {
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = text === null ? null : ANY_DECIMAL.exec(text);
  if (!match) return null;
  const digits = (match[2] ?? '').padEnd(3, '0');
  const cents = Number(match[1]) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A JS number prints as "1e+21" or "0.30000000000000004"; only plain short decimals are amounts. */
function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return /e/i.test(text) ? null : text;
}

/** Cents as the API's number with two decimals (1250 → 12.5, shown as 12.50 by formatters). */
export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** "12.50": the two-decimal text of an amount in cents. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** What an order costs, each part in integer cents: its lines, the percentage on them, the flat fee, and their sum. */
export interface OrderTotals {
  readonly subtotalCents: Cents;
  readonly surchargeCents: Cents;
  readonly shippingCents: Cents;
  readonly totalCostCents: Cents;
}

/**
 * docs/architecture.md#9-the-products-rules over a whole order: the lines' sum, plus 5 percent of
 * it, plus one flat 50 per order, in integer cents. The percentage is rounded half up to the cent.
 */
export function orderTotals(subtotalCents: Cents): OrderTotals {
  const surchargeCents = Math.floor((subtotalCents * TAX_PERCENT + 50) / 100);
  return { subtotalCents, surchargeCents, shippingCents: FLAT_FEE_CENTS, totalCostCents: subtotalCents + surchargeCents + FLAT_FEE_CENTS };
}

/** A one-line order's total: unit price x quantity, plus 5 percent of that, plus a flat 50, in integer cents. */
export function totalCostCents(unitPriceCents: Cents, quantity: number): Cents {
  return orderTotals(unitPriceCents * quantity).totalCostCents;
}
