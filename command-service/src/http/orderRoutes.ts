import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema, messages, placeOrderSchema } from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform';
import type { Shop } from '../shop.js';
import { placeOrderResponseSchema } from './replies.js';

/** POST /order: a customer orders for themself, with an optional Idempotency-Key (DESIGN §4). */
export async function orderRoutes(app: FastifyInstance, { shop }: { shop: Shop }) {
  app.post(
    '/order',
    { onRequest: app.authenticate, schema: { body: placeOrderSchema, response: { 200: placeOrderResponseSchema } } },
    async (request) => {
      const order = placeOrderSchema.parse(request.body);
      if (order.userId !== request.user.uid) throw new HttpError(403, messages.forbiddenOtherUser);
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      const idempotencyKey = header === undefined ? undefined : idempotencyKeySchema.parse(header);
      const placed = await shop.placeOrder(request.user.uid, order, idempotencyKey);
      return { acknowledged: true, position: placed.position, orderId: placed.orderId, totalCost: placed.totalCost };
    },
  );
}
