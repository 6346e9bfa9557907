import type { Cents } from '../money.js';
import type { OrderLine } from './events.js';

/**
 * The order's total split over its lines, in whole cents that add up to it exactly: in proportion
 * to the lines' totals (to their quantities when every line was free), each line taking the whole
 * cents of its share and the cents left over going to the largest remainders, the earlier line
 * first. A one-line order's line takes the whole total; the revenue per product adds these up, so
 * that it sums to the revenue of the orders. `toolforge audit orders` and the sales report
 * (read-model/src/sales) both split by it, so their products' revenues agree to the cent.
 */
export function totalShares(order: {
  readonly lines: readonly Pick<OrderLine, 'quantity' | 'lineTotalCents'>[];
  readonly totalCostCents: Cents;
}): Cents[] {
  const byTotal = order.lines.reduce((sum, line) => sum + line.lineTotalCents, 0) > 0;
  const weights = order.lines.map((line) => BigInt(byTotal ? line.lineTotalCents : line.quantity));
  const sum = weights.reduce((a, b) => a + b, 0n);
  // Exact products in BigInt: a total times a line total passes the integers a double holds exactly.
  const scaled = weights.map((weight) => BigInt(order.totalCostCents) * weight);
  const shares = scaled.map((value) => value / sum);
  // Fewer cents are left over than there are lines: each of the largest remainders takes one.
  const left = Number(BigInt(order.totalCostCents) - shares.reduce((a, b) => a + b, 0n));
  const byRemainder = scaled
    .map((value, index) => ({ index, remainder: value % sum }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index));
  for (const { index } of byRemainder.slice(0, left)) shares[index]! += 1n;
  return shares.map(Number);
}
