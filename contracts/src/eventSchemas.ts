import { z } from 'zod';
import { LIMITS, ORDER_STATUSES, PRODUCT_CATEGORIES } from './constants.js';
import { ADMIN_GRANT_REASONS, type ShopEvent, type ShopEventType } from './events.js';
import { isPlainText } from './schemas/fields.js';

/**
 * The contract of every event's data, checked on each event the command side decides before it
 * joins a group-commit batch (docs/security.md, "Events"). The command schemas already hold what a
 * client sends to these rules; this is the last gate for what reaches the log by another way (an
 * identity provider's claims, a bug in a decider), so that one event the log or a consumer would
 * refuse (a NUL PostgreSQL cannot store, a lone surrogate its JSON refuses) is refused alone and
 * never fails the batch it would have shared with other customers' commands. The bounds are the
 * inputs' own limits or wider: a decided event is never refused for a value its command accepted.
 */

/** One line of plain text, at most `max` characters (multiline: line breaks and tabs allowed). */
const text = (max: number, multiline = false) =>
  z
    .string()
    .max(max)
    .refine((value) => isPlainText(value, multiline), 'holds a character no shop text may hold');
const id = (max: number = LIMITS.productId) => text(max).min(1);
/** A whole number of cents or of items. */
const whole = z.number().int().safe();
const count = whole.min(0);
const positive = whole.min(1);

/** The widest name a customer may carry into an event: a display name, or an e-mail's local part. */
const personName = text(LIMITS.email);
const email = text(LIMITS.email);
const reason = text(LIMITS.reason, true);
const category = z.enum(PRODUCT_CATEGORIES);

const productDetails = {
  name: text(LIMITS.productName),
  category,
  model: text(LIMITS.productModel),
  imageUrl: text(LIMITS.imageUrl),
  priceCents: count.max(LIMITS.maxPriceCents),
  minOrder: positive.max(LIMITS.maxQuantity),
  description: text(LIMITS.descriptionMax, true),
};

/** Review texts are checked by their own schema (reviews/limits.ts); this bound only keeps them finite. */
const REVIEW_TEXT_BOUND = 10_000;

type DataOf<Type extends ShopEventType> = Extract<ShopEvent, { type: Type }>['data'];

/** Each event type's data schema; the mapped type keeps it in step with events.ts at compile time. */
export const EVENT_DATA_SCHEMAS: { readonly [Type in ShopEventType]: z.ZodType<DataOf<Type>> } = {
  ProductAdded: z.strictObject({ productId: id(), ...productDetails, stock: count.max(LIMITS.maxQuantity) }),
  ProductDeleted: z.strictObject({ productId: id() }),
  ProductUpdated: z.strictObject({ productId: id(), changes: z.strictObject(productDetails).partial() }),
  StockAdjusted: z.strictObject({ productId: id(), delta: whole.refine((delta) => delta !== 0), reason }),
  OrderPlaced: z.strictObject({
    orderId: id(),
    productId: id(),
    productName: text(LIMITS.productName),
    userId: id(LIMITS.uid),
    userName: personName,
    quantity: positive,
    unitPriceCents: count,
    totalCostCents: count,
    shippingAddress: text(LIMITS.shippingAddress, true),
    status: z.literal(ORDER_STATUSES[0]),
    payment: z.literal(false),
  }),
  OrderPaid: z.strictObject({ orderId: id() }),
  OrderShipped: z.strictObject({ orderId: id() }),
  OrderDelivered: z.strictObject({ orderId: id() }),
  OrderCancelled: z.strictObject({
    orderId: id(),
    productId: id(),
    userId: id(LIMITS.uid),
    quantity: positive,
    reason,
    by: z.enum(['customer', 'admin']).nullable(),
  }),
  UserSignedIn: z.strictObject({
    uid: id(LIMITS.uid),
    email,
    name: personName,
    photoURL: text(LIMITS.imageUrl).nullable(),
    emailVerified: z.boolean(),
  }),
  UserSignedOut: z.strictObject({ uid: id(LIMITS.uid) }),
  AdminGranted: z.strictObject({ uid: id(LIMITS.uid), email, reason: z.enum(ADMIN_GRANT_REASONS) }),
  AdminRevoked: z.strictObject({ uid: id(LIMITS.uid), email }),
  ReviewPosted: z.strictObject({
    reviewId: id(),
    productId: id(),
    userId: id(LIMITS.uid),
    userName: personName,
    rating: positive.max(5),
    text: text(REVIEW_TEXT_BOUND, true),
  }),
  ReviewEdited: z.strictObject({
    reviewId: id(),
    productId: id(),
    userId: id(LIMITS.uid),
    rating: positive.max(5),
    text: text(REVIEW_TEXT_BOUND, true),
  }),
  ReviewRemoved: z.strictObject({ reviewId: id(), productId: id(), userId: id(LIMITS.uid), reason }),
};

/**
 * Why a decided event breaks its contract ("UserSignedIn data.name: holds a character …"), or
 * undefined when it keeps it.
 */
export function eventContractBreach(event: { readonly type: ShopEventType; readonly data: unknown }): string | undefined {
  const schema = EVENT_DATA_SCHEMAS[event.type] as z.ZodType | undefined;
  if (!schema) return `${event.type}: no such event type`;
  const result = schema.safeParse(event.data);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return `${event.type} data.${issue.path.join('.')}: ${issue.message}`;
}
