import { orderQuantitySchema, pricingMessages, type ProductDto } from '@toolforge/contracts';

/**
 * The quantity a customer may order of a product, as the order page and the cart check it: a whole
 * number from the minimum order to `stock`, in whole packs (the command side's rules, in its words).
 */
export function quantityRule(product: Pick<ProductDto, 'minOrder' | 'stock' | 'packSize'>) {
  const pack = Math.max(1, product.packSize);
  return orderQuantitySchema(product).refine((quantity) => quantity % pack === 0, pricingMessages.packSizeMultiple(pack));
}
