import { formatCents, formatTier, tierReached, toCents, type Priced, type ProductDto } from '@toolforge/contracts';

/**
 * A product's base price and ladder in cents, as contracts' pricing rules take them: the shop
 * prices in whole cents from the API's two-decimal amounts, never in floating point.
 */
export function pricesOf(product: Pick<ProductDto, 'price' | 'priceTiers'>): Priced {
  return {
    priceCents: toCents(product.price) ?? 0,
    priceTiers: product.priceTiers.map(({ minQuantity, unitPrice }) => ({ minQuantity, unitPriceCents: toCents(unitPrice) ?? 0 })),
  };
}

/** The smallest quantity a customer may order: the minimum order, rounded up to a whole number of packs. */
export function firstQuantity(product: Pick<ProductDto, 'minOrder' | 'packSize'>): number {
  const pack = Math.max(1, product.packSize);
  return Math.ceil(product.minOrder / pack) * pack;
}

/** "Sold in packs of 5", or nothing for a product sold one at a time. */
export const packText = (packSize: number) => (packSize > 1 ? `Sold in packs of ${packSize}` : '');

/**
 * Where `quantity` stands on the product's ladder, in a line: the next step and how far it is
 * ("Order 7 more for $42.00 each"), or the step it has reached when none is above it ("10+ $42.00
 * each"); nothing for a product without a ladder.
 */
export function ladderHint(product: Pick<ProductDto, 'price' | 'priceTiers'>, quantity: number): string {
  const prices = pricesOf(product);
  const next = prices.priceTiers.find((tier) => tier.minQuantity > quantity);
  if (next) return `Order ${next.minQuantity - quantity} more for $${formatCents(next.unitPriceCents)} each`;
  const reached = tierReached(prices, quantity);
  return reached ? `Your price: ${formatTier(reached)}` : '';
}
