import { orderTotals, type Cents, type OrderLine } from '@toolforge/contracts';

/** An order's figures as its OrderPlaced recorded them. */
export interface RecordedSums {
  readonly orderId: string;
  readonly lines: readonly OrderLine[];
  readonly subtotalCents: Cents;
  readonly totalCostCents: Cents;
}

/** A sum an order recorded that its own figures do not make: the field (as the event names it), what it says, what it should. */
export interface WrongSum {
  readonly orderId: string;
  readonly field: string;
  readonly recorded: Cents;
  readonly computed: Cents;
}

/**
 * The order's sums checked against its own figures, to the cent: each line's total is its unit price
 * × its quantity, the subtotal the lines' totals as recorded, and the total the shop's formula over
 * that subtotal (orderTotals). A line total altered alone shows twice: in its line, and in a
 * subtotal that no longer adds its lines up.
 */
export function wrongSumsOf(order: RecordedSums): WrongSum[] {
  const wrong: WrongSum[] = [];
  const check = (field: string, recorded: Cents, computed: Cents) => {
    if (recorded !== computed) wrong.push({ orderId: order.orderId, field, recorded, computed });
  };
  order.lines.forEach((line, index) => check(`lines[${index}].lineTotalCents`, line.lineTotalCents, line.unitPriceCents * line.quantity));
  check('subtotalCents', order.subtotalCents, linesTotal(order.lines));
  check('totalCostCents', order.totalCostCents, orderTotals(order.subtotalCents).totalCostCents);
  return wrong;
}

function linesTotal(lines: readonly OrderLine[]): Cents {
  return lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
}

/**
 * The order's total split over its lines, in whole cents that add up to it exactly: in proportion
 * to the lines' totals (to their quantities when every line was free), each line taking the whole
 * cents of its share and the cents left over going to the largest remainders, the earlier line
 * first. A one-line order's line takes the whole total; the revenue per product adds these up, so
 * that it sums to the revenue of the orders.
 */
export function totalShares(order: Pick<RecordedSums, 'lines' | 'totalCostCents'>): Cents[] {
  const byTotal = linesTotal(order.lines) > 0;
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
