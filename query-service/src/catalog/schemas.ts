import { z } from 'zod';
import { productDtoSchema, type CountResponse } from '@toolforge/contracts';

/**
 * Response schemas: fast-json-stringify serialises with them, and no field they do not name leaves
 * (a product's own, productDtoSchema, is contracts', beside the ProductDto type it makes).
 */
export const productListSchema = z.array(productDtoSchema);
export const countSchema = z.object({ count: z.number().int() }) satisfies z.ZodType<CountResponse>;
