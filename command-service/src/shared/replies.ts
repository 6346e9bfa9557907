import { z } from 'zod';
import { ORDER_STATUSES, messages, paymentAnswerSchema } from '@toolforge/contracts';
import { ConcurrencyError, WriterFencedError } from '@toolforge/platform';
import { HttpError } from '@toolforge/platform/http';
import { InvalidIdentityToken } from '@toolforge/platform/identity';
import { ShopBusy } from './commandQueue.js';
import { CommandRejected, type RejectionReason } from './decider.js';

const STATUS: Record<RejectionReason, number> = { 'bad-request': 400, 'not-found': 404, conflict: 409, forbidden: 403, unprocessable: 422 };

/** The HTTP answer each refusal of the command side means. */
export function translateRejection(error: unknown): HttpError | undefined {
  // A command that could not start in time changed nothing: the client may simply try again.
  if (error instanceof ShopBusy) return new HttpError(503, error.message);
  if (error instanceof CommandRejected) return new HttpError(STATUS[error.reason], error.message);
  if (error instanceof InvalidIdentityToken) return new HttpError(401, messages.invalidIdentityToken);
  // Still conflicting after the bounded retries: another writer keeps winning; the client may retry.
  if (error instanceof ConcurrencyError) return new HttpError(409, messages.concurrentUpdate);
  // A newer command service took over the log: this one must not write; the client may retry.
  if (error instanceof WriterFencedError) return new HttpError(503, messages.writerFenced);
  return undefined;
}

/** The answer to a command the service took: what it says, acknowledged. */
export function acknowledged<Answer extends object>(answer: Answer): { acknowledged: true } & Answer {
  return { acknowledged: true, ...answer };
}

/** Response schemas: serialised fast, and nothing the schema does not name ever leaves. */
export const acknowledgementSchema = z.object({ acknowledged: z.literal(true), position: z.string() });
/** An acknowledgement of a call that changed nothing (a sync or a logout without a bearer): no position. */
export const unverifiedAcknowledgementSchema = acknowledgementSchema.partial({ position: true });
/** The sign-in of a verified caller, or (without a bearer) an acknowledgement alone. */
export const loginResponseSchema = acknowledgementSchema
  .extend({
    accessToken: z.string(),
    user: z.object({ uid: z.string(), name: z.string(), email: z.string(), admin: z.boolean() }),
  })
  .partial({ position: true, accessToken: true, user: true });
export const addProductResponseSchema = acknowledgementSchema.extend({ productId: z.string() });
/** An order placed (POST /order, POST /checkout), with where to pay it: null when no page could be opened. */
export const placeOrderResponseSchema = acknowledgementSchema.extend({
  orderId: z.string(),
  totalCost: z.number(),
  payment: paymentAnswerSchema,
});
/** An order moved on or cancelled: the status it is in now. */
export const orderMovedResponseSchema = acknowledgementSchema.extend({ status: z.enum(ORDER_STATUSES) });
/** A product edit: without a position when it changed nothing (nothing was appended). */
export const updateProductResponseSchema = acknowledgementSchema.partial({ position: true });
