import { z } from 'zod';
import { PRODUCT_CATEGORIES, type CountResponse, type ProductDto } from '@toolforge/contracts';

/** Response schemas: fast-json-stringify serialises with them, and no field they do not name leaves. */
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
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
}) satisfies z.ZodType<ProductDto>;

export const productListSchema = z.array(productDtoSchema);
export const countSchema = z.object({ count: z.number().int() }) satisfies z.ZodType<CountResponse>;
