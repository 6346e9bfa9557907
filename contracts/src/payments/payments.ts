import { z } from 'zod';
import type { ApiTag } from '../apiTags.js';
import { plainText } from '../schemas/fields.js';
import { PAYMENT_LIMITS } from './limits.js';

export const PAYMENTS_TAG: ApiTag = {
  name: 'Payments',
  description:
    "Paying an order on the payment provider's hosted page, and the provider's signed webhooks that tell the shop what was paid, declined or refunded (docs/payments.md).",
};

/** The payments' own texts, beside their rules. */
export const paymentMessages = {
  referenceRequired: 'A payment reference (the bank transfer’s) is required to mark an order paid',
  referenceMax: `A payment reference has at most ${PAYMENT_LIMITS.reference} characters`,
  notAwaitingPayment: 'This order is not awaiting payment',
  /** The provider could not be reached to open a payment page: the order stands, payable later from My Orders. */
  providerUnavailable: 'Payment is unavailable right now: pay from My Orders in a moment',
  badSignature: 'The webhook’s signature is not valid',
} as const;

/** Where the customer pays: the provider's hosted page for this order's total. */
export const paymentStartSchema = z.object({ url: z.string() });
export type PaymentStart = z.output<typeof paymentStartSchema>;

/**
 * What an order or a checkout answers about paying it: the hosted page to send the customer to, or
 * null when the provider could not be reached (the order is placed; My Orders' "Pay now" opens a page later).
 */
export const paymentAnswerSchema = paymentStartSchema.nullable();

/** POST /orders/:id/pay's answer: a new hosted page for a pending order. */
export const payOrderResponseSchema = z.object({ acknowledged: z.literal(true), payment: paymentStartSchema });
export type PayOrderResponse = z.output<typeof payOrderResponseSchema>;

/** An offline payment's reference, as an admin types it when marking an order paid. */
export const paymentReferenceSchema = plainText({ label: 'Reference' })
  .trim()
  .min(1, paymentMessages.referenceRequired)
  .max(PAYMENT_LIMITS.reference, paymentMessages.referenceMax);
