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
