import { z } from 'zod';
import { paymentMessages, paymentReferenceSchema } from '../payments/payments.js';
import { FIELD_LABELS, LIMITS, NEW_ORDER_PAYMENT, NEW_ORDER_STATUS, SETTABLE_ORDER_STATUSES } from '../constants.js';
import { messages } from '../messages.js';
import { identifier, nullAsEmpty, numericText, plainText, requiredText } from './fields.js';

/** The order page's quantity rule (docs/architecture.md#9-the-products-rules): a whole number from the product's minOrder to its stock. */
export function orderQuantitySchema(product: { minOrder: number; stock: number }) {
  return numericText(messages.wholeQuantity)
    .pipe(z.string().regex(/^\d+$/, messages.wholeQuantity))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(product.minOrder, messages.minOrderQuantity(product.minOrder))
        .max(product.stock, messages.maxOrderQuantity(product.stock)),
    );
}

export const shippingAddressSchema = requiredText({ label: FIELD_LABELS.shippingAddress, multiline: true }).max(
  LIMITS.shippingAddress,
  messages.shippingAddressMax,
);

/** The order page's second step: where to ship. */
export const shippingFormSchema = z.object({ shippingAddress: shippingAddressSchema });

/**
 * A quantity of a product to order, as text or number. 0 is a whole number too: the command side
 * answers it with the product's own minimum ("Minimum order quantity is n"), as the order form does.
 */
export const orderQuantity = numericText(messages.wholeQuantity)
  .pipe(z.string().regex(/^(0|[1-9]\d*)$/, messages.wholeQuantity))
  .transform(Number)
  .pipe(z.number().max(LIMITS.maxQuantity, messages.quantityTooHigh));

/**
 * POST /order as the spec sends it (docs/architecture.md#9-the-products-rules). The quantity's bounds and the total depend on the
 * product's state at that moment, so the command side checks them; here only their shape.
 */
export const placeOrderSchema = z.strictObject({
  productId: identifier('productId', LIMITS.productId),
  userId: identifier('userId', LIMITS.uid),
  userName: nullAsEmpty(plainText({ label: 'User name' }).max(LIMITS.displayName)),
  productName: plainText({ label: 'Product name' }).max(LIMITS.productName).default(''),
  // The spec's client computes the total in floating point (4725.000000000001): any decimal is read,
  // and the command side compares it with its own after rounding to the cent.
  totalCost: numericText(messages.price).pipe(z.string().regex(/^(0|[1-9]\d*)(\.\d{1,20})?$/, messages.price)),
  status: z.literal(NEW_ORDER_STATUS, { error: messages.newOrderStatus }).default(NEW_ORDER_STATUS),
  payment: z.literal(NEW_ORDER_PAYMENT, { error: messages.newOrderPayment }).default(NEW_ORDER_PAYMENT),
  shippingAddress: shippingAddressSchema,
  orderQuantity,
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrderCommand = z.output<typeof placeOrderSchema>;

/** Idempotency-Key header: a client-made id for one confirmed order (the web sends a UUID). */
export const idempotencyKeySchema = z
  .string({ error: messages.idempotencyKeyFormat })
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${LIMITS.idempotencyKey}}$`), messages.idempotencyKeyFormat);

/** Order ids are server-made UUIDs; anything else cannot name an order. */
export const orderIdParamsSchema = z.strictObject({ id: identifier('id', LIMITS.productId) });

/**
 * POST /orders/:id/status (admins): the status to move the order to; the command side checks the
 * move. Marking an order paid is for offline payments only (card payments are the provider's
 * webhook's), and names the payment: its reference is required then, and ignored otherwise.
 */
export const orderStatusSchema = z
  .strictObject({
    status: z.enum(SETTABLE_ORDER_STATUSES, { error: messages.orderStatus }),
    reference: paymentReferenceSchema.optional(),
  })
  .refine((move) => move.status !== 'paid' || move.reference !== undefined, {
    message: paymentMessages.referenceRequired,
    path: ['reference'],
  });
export type OrderStatusCommand = z.output<typeof orderStatusSchema>;

/** POST /orders/:id/cancel: why, optionally (one line of plain text); an empty body is a cancel without a reason. */
export const cancelOrderSchema = z.strictObject({
  reason: plainText({ label: 'Reason' }).max(LIMITS.reason, messages.reasonMax).default(''),
});
export type CancelOrderInput = z.input<typeof cancelOrderSchema>;
export type CancelOrderCommand = z.output<typeof cancelOrderSchema>;
