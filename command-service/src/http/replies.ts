import { z } from 'zod';
import { ConcurrencyError, WriterFencedError, messages } from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform';
import { CommandRejected, type RejectionReason } from '../domain/decided.js';
import { IdempotencyKeyReused } from '../shop.js';
import { InvalidIdentityToken } from '../identity/identityProvider.js';

const STATUS: Record<RejectionReason, number> = { 'not-found': 404, conflict: 409, forbidden: 403 };

/** The HTTP answer each refusal of the command side means. */
export function translateRejection(error: unknown): HttpError | undefined {
  if (error instanceof IdempotencyKeyReused) return new HttpError(422, error.message);
  if (error instanceof CommandRejected) return new HttpError(STATUS[error.reason], error.message);
  if (error instanceof InvalidIdentityToken) return new HttpError(401, messages.invalidIdentityToken);
  // Still conflicting after the bounded retries: another writer keeps winning; the client may retry.
  if (error instanceof ConcurrencyError) return new HttpError(409, messages.concurrentUpdate);
  // A newer command service took over the log (DESIGN §4): this one must not write; the client may retry.
  if (error instanceof WriterFencedError) return new HttpError(503, messages.writerFenced);
  return undefined;
}

/** Response schemas: serialised fast, and nothing the schema does not name ever leaves. */
export const acknowledgementSchema = z.object({ acknowledged: z.literal(true), position: z.string() });
export const loginResponseSchema = acknowledgementSchema.extend({
  accessToken: z.string(),
  user: z.object({ uid: z.string(), name: z.string(), email: z.string(), admin: z.boolean() }),
});
export const addProductResponseSchema = acknowledgementSchema.extend({ productId: z.string() });
export const placeOrderResponseSchema = acknowledgementSchema.extend({ orderId: z.string(), totalCost: z.number() });
