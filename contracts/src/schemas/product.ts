import { z } from 'zod';
import { LIMITS, PRODUCT_CATEGORIES } from '../constants.js';
import { messages } from '../messages.js';
import { toCents } from '../money.js';
import { numericText, positiveWholeNumber, requiredText } from './fields.js';

const IMAGE_URL = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;

/** SPEC §5 price rule: a non-negative integer or decimal without a leading zero, at most two decimals. */
const price = numericText(messages.price)
  .pipe(z.string().regex(/^(0|[1-9]\d*)(\.\d{1,2})?$/, messages.price))
  .refine((value) => (toCents(value) ?? Infinity) <= LIMITS.maxPriceCents, messages.priceTooHigh);

/** POST /addproduct and the Add Product form (SPEC §5). Unknown fields are refused. */
export const addProductSchema = z.strictObject({
  name: requiredText().max(LIMITS.productName, messages.productNameMax),
  category: z.enum(PRODUCT_CATEGORIES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? messages.required : messages.category),
  }),
  model: requiredText().max(LIMITS.productModel, messages.productModelMax),
  imageUrl: requiredText().max(LIMITS.imageUrl, messages.imageUrlMax).regex(IMAGE_URL, messages.imageUrlFormat),
  price,
  stock: positiveWholeNumber(messages.stock, messages.quantityTooHigh, LIMITS.maxQuantity),
  minOrder: positiveWholeNumber(messages.minOrder, messages.quantityTooHigh, LIMITS.maxQuantity),
  description: requiredText()
    .min(LIMITS.descriptionMin, messages.descriptionMin)
    .max(LIMITS.descriptionMax, messages.descriptionMax),
});
export type AddProductInput = z.input<typeof addProductSchema>;
export type AddProductCommand = z.output<typeof addProductSchema>;

/** Product ids are server-made UUIDs; anything else cannot name a product. */
export const productIdSchema = z.string().trim().min(1).max(100);
export const productIdParamsSchema = z.strictObject({ id: productIdSchema });
