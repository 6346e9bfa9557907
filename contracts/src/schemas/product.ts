import { z } from 'zod';
import { FIELD_LABELS, LIMITS, PRODUCT_CATEGORIES } from '../constants.js';
import { messages } from '../messages.js';
import { DECIMAL_AMOUNT, toCents } from '../money.js';
import { identifier, numericText, positiveWholeNumber, requiredText } from './fields.js';

/**
 * An http(s) address, or a path on the shop's own host. A path may not start with // or /\: browsers
 * read both as an address on another host.
 */
const IMAGE_URL = /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/i;

/** docs/architecture.md §9 price rule: a non-negative integer or decimal without a leading zero, at most two decimals. */
const price = numericText(messages.price)
  .pipe(z.string().regex(DECIMAL_AMOUNT, messages.price))
  .refine((value) => (toCents(value) ?? Infinity) <= LIMITS.maxPriceCents, messages.priceTooHigh);

/** POST /addproduct and the Add Product form (docs/architecture.md §9). Unknown fields are refused. */
export const addProductSchema = z
  .strictObject({
    name: requiredText({ label: FIELD_LABELS.productName }).max(LIMITS.productName, messages.productNameMax),
    category: z.enum(PRODUCT_CATEGORIES, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? messages.required : messages.category),
    }),
    model: requiredText({ label: FIELD_LABELS.model }).max(LIMITS.productModel, messages.productModelMax),
    imageUrl: requiredText({ label: FIELD_LABELS.imageUrl })
      .max(LIMITS.imageUrl, messages.imageUrlMax)
      .regex(IMAGE_URL, messages.imageUrlFormat),
    price,
    stock: positiveWholeNumber(messages.stock, messages.quantityTooHigh, LIMITS.maxQuantity),
    minOrder: positiveWholeNumber(messages.minOrder, messages.quantityTooHigh, LIMITS.maxQuantity),
    description: requiredText({ label: FIELD_LABELS.description, multiline: true })
      .min(LIMITS.descriptionMin, messages.descriptionMin)
      .max(LIMITS.descriptionMax, messages.descriptionMax),
  })
  // A minimum above the stock would make the product impossible to order from the day it is added.
  .refine((product) => product.minOrder <= product.stock, { message: messages.minOrderAboveStock, path: ['minOrder'] });
export type AddProductInput = z.input<typeof addProductSchema>;
export type AddProductCommand = z.output<typeof addProductSchema>;

/** Product ids are server-made UUIDs; anything else cannot name a product. */
export const productIdSchema = identifier('id', LIMITS.productId);
export const productIdParamsSchema = z.strictObject({ id: productIdSchema });
