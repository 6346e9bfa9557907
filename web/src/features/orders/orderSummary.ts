import { FLAT_FEE_CENTS, toCents, totalCostCents, type Cents } from '@toolforge/contracts';

export interface OrderSummary {
  quantity: number;
  unitPriceCents: Cents;
  subtotalCents: Cents;
  taxCents: Cents;
  flatFeeCents: Cents;
  totalCents: Cents;
}

/** Proceed's summary: the total of docs/architecture.md#9-the-products-rules and the parts it is made of. */
export function summarizeOrder(unitPrice: number, quantity: number): OrderSummary {
  const unitPriceCents = toCents(unitPrice) ?? 0;
  const subtotalCents = unitPriceCents * quantity;
  const totalCents = totalCostCents(unitPriceCents, quantity);
  return {
    quantity,
    unitPriceCents,
    subtotalCents,
    taxCents: totalCents - subtotalCents - FLAT_FEE_CENTS,
    flatFeeCents: FLAT_FEE_CENTS,
    totalCents,
  };
}
