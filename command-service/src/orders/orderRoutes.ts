import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema, messages, placeOrderSchema } from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform';
import { acknowledged, placeOrderResponseSchema } from '../shared/replies.js';
import type { Orders } from './orders.js';

/** POST /order: a customer orders for themself, with an optional Idempotency-Key. */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function orderRoutes(scope: FastifyInstance, { orders }: { orders: Orders }) {
  // The body arrives as the schema's output (the validator compiler returns it), typed as such.
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/order',
    { onRequest: app.authenticate, schema: { body: placeOrderSchema, response: { 200: placeOrderResponseSchema } } },
    async (request) => {
      const order = request.body;
      if (order.userId !== request.user.uid) throw new HttpError(403, messages.forbiddenOtherUser);
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      const idempotencyKey = header === undefined ? undefined : idempotencyKeySchema.parse(header);
      const { position, orderId, totalCost } = await orders.placeOrder(request.user.uid, order, idempotencyKey);
      return acknowledged({ position, orderId, totalCost });
    },
  );
}
