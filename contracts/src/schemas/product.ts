import { z } from 'zod';
import { FIELD_LABELS, LIMITS, PRODUCT_CATEGORIES } from '../constants.js';
import { messages } from '../messages.js';
import { MAX_PRICE_TIERS, ladderRuleBroken, pricingMessages, type PriceTier } from '../catalog/pricing.js';
import { DECIMAL_AMOUNT, toCents, type Cents } from '../money.js';
import { identifier, numericText, plainText, positiveWholeNumber, requiredText } from './fields.js';

/**
 * An http(s) address, or a path on the shop's own host. A path may not start with // or /\: browsers
 * read both as an address on another host. No look-ahead, so that the pattern's linearity can be
 * proven (linearPatterns.unit.spec.ts).
 */
const IMAGE_URL = /^(https?:\/\/\S+|\/(?:[^\s/\\]\S*)?)$/i;

/** docs/architecture.md#9-the-products-rules price rule: a non-negative integer or decimal without a leading zero, at most two decimals. */
const amount = (message: string) =>
  numericText(message)
    .pipe(z.string().regex(DECIMAL_AMOUNT, message))
    .refine((value) => (toCents(value) ?? Infinity) <= LIMITS.maxPriceCents, messages.priceTooHigh);
const price = amount(messages.price);

/** The cents of an amount the schema has already read as one. */
const cents = (value: string): Cents => toCents(value) ?? 0;

/** A step of the quantity ladder as an admin gives it ("10", "42.00"); kept in cents. */
const priceTier = z
  .strictObject({
    minQuantity: positiveWholeNumber(pricingMessages.tierQuantity, messages.quantityTooHigh, LIMITS.maxQuantity),
    unitPrice: amount(pricingMessages.tierPrice),
  })
  .transform(({ minQuantity, unitPrice }): PriceTier => ({ minQuantity, unitPriceCents: cents(unitPrice) }));
const priceTiers = z.array(priceTier, { error: pricingMessages.tierQuantity }).max(MAX_PRICE_TIERS, pricingMessages.tiersTooMany);
const packSize = positiveWholeNumber(pricingMessages.packSize, messages.quantityTooHigh, LIMITS.maxQuantity);

/**
 * The ladder's rules (catalog/pricing.ts) over a form that gives the price, the minimum order, the
 * pack size and the ladder; an edit that leaves some out is checked on the command side, against
 * the product as it stands.
 */
function ladderKept(
  product: { price: string; minOrder: number; packSize?: number | undefined; priceTiers?: PriceTier[] | undefined },
  context: z.RefinementCtx,
) {
  if (product.packSize === undefined || product.priceTiers === undefined) return;
  const broken = ladderRuleBroken({
    ...product,
    packSize: product.packSize,
    priceTiers: product.priceTiers,
    priceCents: cents(product.price),
  });
  if (broken) context.addIssue({ code: 'custom', message: broken.message, path: [broken.field] });
}

/** The fields an admin gives a product, on adding it and on editing it (docs/architecture.md#9-the-products-rules). */
const productDetails = {
  name: requiredText({ label: FIELD_LABELS.productName }).max(LIMITS.productName, messages.productNameMax),
  category: z.enum(PRODUCT_CATEGORIES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? messages.required : messages.category),
  }),
  model: requiredText({ label: FIELD_LABELS.model }).max(LIMITS.productModel, messages.productModelMax),
  imageUrl: requiredText({ label: FIELD_LABELS.imageUrl })
    .max(LIMITS.imageUrl, { error: messages.imageUrlMax, abort: true })
    .regex(IMAGE_URL, messages.imageUrlFormat),
  price,
  minOrder: positiveWholeNumber(messages.minOrder, messages.quantityTooHigh, LIMITS.maxQuantity),
  description: requiredText({ label: FIELD_LABELS.description, multiline: true })
    .min(LIMITS.descriptionMin, messages.descriptionMin)
    .max(LIMITS.descriptionMax, messages.descriptionMax),
};

/**
 * The ladder and the pack size: a new product without them is sold at its price in units of one; an
 * edit without them leaves them as they are (the spec's own client knows neither).
 */
const productLadder = { priceTiers: priceTiers.optional(), packSize: packSize.optional() };

/** POST /addproduct and the Add Product form (docs/architecture.md#9-the-products-rules). Unknown fields are refused. */
export const addProductSchema = z
  .strictObject({
    ...productDetails,
    priceTiers: priceTiers.default([]),
    packSize: packSize.default(1),
    stock: positiveWholeNumber(messages.stock, messages.quantityTooHigh, LIMITS.maxQuantity),
  })
  // A minimum above the stock would make the product impossible to order from the day it is added.
  .refine((product) => product.minOrder <= product.stock, { message: messages.minOrderAboveStock, path: ['minOrder'] })
  .superRefine(ladderKept);
export type AddProductInput = z.input<typeof addProductSchema>;
export type AddProductCommand = z.output<typeof addProductSchema>;

/** Product ids are server-made UUIDs; anything else cannot name a product. */
export const productIdSchema = identifier('id', LIMITS.productId);
export const productIdParamsSchema = z.strictObject({ id: productIdSchema });

/**
 * PUT /product/:id and the Edit Product form: every field of Add Product but the stock, by the same
 * rules. The stock on hand moves only by a restock or a write-off (restockSchema), so that an edit
 * can never undo reservations made meanwhile. The minimum order is checked against the stock on the
 * command side.
 */
export const updateProductSchema = z.strictObject({ ...productDetails, ...productLadder }).superRefine(ladderKept);
export type UpdateProductInput = z.input<typeof updateProductSchema>;
export type UpdateProductCommand = z.output<typeof updateProductSchema>;

/** A whole number other than zero, positive or negative, as text or number ("-3" or -3). */
const stockDelta = z
  .union([z.string(), z.number()], { error: messages.restockQuantity })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(z.string().regex(/^-?[1-9]\d*$/, messages.restockQuantity))
  .transform(Number)
  .pipe(z.number().min(-LIMITS.maxQuantity, messages.quantityTooHigh).max(LIMITS.maxQuantity, messages.quantityTooHigh));

/**
 * POST /product/:id/restock and the Restock form: stock in (positive) or written off (negative),
 * with an optional reason; without one the command side names it 'restock' or 'write-off'.
 */
export const restockSchema = z.strictObject({
  quantity: stockDelta,
  reason: plainText({ label: 'Reason' }).max(LIMITS.reason, messages.reasonMax).optional(),
});
export type RestockInput = z.input<typeof restockSchema>;
export type RestockCommand = z.output<typeof restockSchema>;
