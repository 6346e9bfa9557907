import type { ProductDto } from '@toolforge/contracts';
import { PRODUCT_ANSWERS } from './productColumns.js';
import type { ProductView } from './productReads.js';

export { productRating } from './productColumns.js';

/**
 * A product as the API shows it: `_id` and `productId` both name it; stock is what is left to
 * order. The fields are productDtoSchema's, in its order (productColumns.ts answers each), so a
 * cached answer is the very body the route's serialiser would write.
 */
export function toProductDto(product: ProductView): ProductDto {
  const dto: Record<string, unknown> = {};
  for (const [key, { value }] of PRODUCT_ANSWERS) dto[key] = value(product);
  return dto as unknown as ProductDto;
}
