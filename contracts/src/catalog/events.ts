import { z } from 'zod';
import { LIMITS, PRODUCT_CATEGORIES } from '../constants.js';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { count, id, positive, reason, text, whole } from '../eventFields.js';
import { MAX_PRICE_TIERS, priceTierSchema } from './pricing.js';

/** The product's fields an admin may correct after adding it (its stock moves by StockAdjusted). */
const productDetails = z.strictObject({
  name: text(LIMITS.productName),
  category: z.enum(PRODUCT_CATEGORIES),
  model: text(LIMITS.productModel),
  imageUrl: text(LIMITS.imageUrl),
  priceCents: count.max(LIMITS.maxPriceCents),
  minOrder: positive.max(LIMITS.maxQuantity),
  description: text(LIMITS.descriptionMax, true),
  /** The quantity ladder, lowest step first (catalog/pricing.ts); empty: the price holds for any quantity. */
  priceTiers: z.array(priceTierSchema).max(MAX_PRICE_TIERS),
  /** Sold in packs of this many: an order's quantity is a multiple of it. */
  packSize: positive.max(LIMITS.maxQuantity),
});
export type ProductDetails = z.output<typeof productDetails>;
/** The names of the fields an admin may correct, in the schema's order. */
export const PRODUCT_DETAIL_FIELDS = productDetails.keyof().options;

/** The catalogue's products: each product's events, on its own stream of catalog.products. */
export const productEvents = featureEvents(
  { topicName: 'products', topic: 'catalog.products', streamKey: 'productId' },
  {
    ProductAdded: z.strictObject({ productId: id(), ...productDetails.shape, stock: count.max(LIMITS.maxQuantity) }),
    ProductDeleted: z.strictObject({ productId: id() }),
    /** An admin corrected a product: `changes` holds only the fields whose value changed, never empty. */
    ProductUpdated: z.strictObject({ productId: id(), changes: productDetails.partial() }),
    /**
     * The stock on hand moved by `delta` (never zero): a restock (positive) or a write-off (negative),
     * never below what open orders have reserved.
     */
    StockAdjusted: z.strictObject({ productId: id(), delta: whole.refine((delta) => delta !== 0), reason }),
  },
);

export type ProductAdded = EventOf<typeof productEvents, 'ProductAdded'>;
export type ProductDeleted = EventOf<typeof productEvents, 'ProductDeleted'>;
/** An admin corrected a product: `changes` holds only the fields whose value changed, never empty. */
export type ProductUpdated = EventOf<typeof productEvents, 'ProductUpdated'>;
/** The stock on hand moved by `delta` (never zero): a restock or a write-off. */
export type StockAdjusted = EventOf<typeof productEvents, 'StockAdjusted'>;
export type ProductEvent = EventsOf<typeof productEvents>;
