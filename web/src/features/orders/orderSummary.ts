import { orderTotals, unitPriceCentsFor, type Cents, type Priced } from '@toolforge/contracts';

export interface OrderSummary {
  quantity: number;
  unitPriceCents: Cents;
  subtotalCents: Cents;
  taxCents: Cents;
  flatFeeCents: Cents;
  totalCents: Cents;
}

/**
 * Proceed's summary: the total of docs/architecture.md#9-the-products-rules and the parts it is made
 * of, at the unit price the quantity reaches on the product's ladder (the server's own formula).
 */
export function summarizeOrder(product: Priced, quantity: number): OrderSummary {
  const unitPriceCents = unitPriceCentsFor(product, quantity);
  const totals = orderTotals(unitPriceCents * quantity);
  return {
    quantity,
    unitPriceCents,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.surchargeCents,
    flatFeeCents: totals.shippingCents,
    totalCents: totals.totalCostCents,
  };
}
