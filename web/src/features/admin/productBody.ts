import {
  formatCents,
  type AddProductCommand,
  type AddProductInput,
  type PriceTier,
  type UpdateProductCommand,
  type UpdateProductInput,
} from '@toolforge/contracts';

/**
 * The ladder as the API takes it: the form's schema has read each step's price into cents, and it
 * goes back as the two-decimal text of those cents ("42.50"), so no floating point sits between the
 * admin's figure and the server's.
 */
const tiersAsSent = (tiers: readonly PriceTier[]) =>
  tiers.map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPrice: formatCents(unitPriceCents) }));

/** Add Product's body from the checked form. */
export function addProductBody(product: AddProductCommand): AddProductInput {
  return { ...product, priceTiers: tiersAsSent(product.priceTiers) };
}

/** Edit Product's body from the checked form; a form without the ladder leaves it as it is. */
export function updateProductBody(product: UpdateProductCommand): UpdateProductInput {
  const { priceTiers, ...details } = product;
  return priceTiers ? { ...details, priceTiers: tiersAsSent(priceTiers) } : details;
}
