import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../constants.js';

/**
 * A product as the query service shows it (docs/architecture.md#9-the-products-rules); price with
 * two decimals. Its response schema: fast-json-stringify serialises with it, and no field it does
 * not name leaves.
 */
export const productDtoSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  name: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  model: z.string(),
  imageUrl: z.string(),
  price: z.number(),
  stock: z.number().int(),
  minOrder: z.number().int(),
  description: z.string(),
  /** The quantity ladder: from `minQuantity` units on, each costs `unitPrice` (two decimals). */
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), unitPrice: z.number() })),
  packSize: z.number().int(),
  /** The average of its reviews' stars, to one decimal; null while it has none. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type ProductDto = z.output<typeof productDtoSchema>;
