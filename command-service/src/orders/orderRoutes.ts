import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  cancelOrderSchema,
  idempotencyKeySchema,
  messages,
  orderIdParamsSchema,
  orderStatusSchema,
  placeOrderSchema,
} from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform/http';
import type { PaymentPages } from '../payments/paymentPage.js';
import { acknowledged, orderMovedResponseSchema, placeOrderResponseSchema } from '../shared/replies.js';
import type { Orders } from './orders.js';

/**
 * POST /order: a customer orders for themself, and is answered where to pay it. POST
 * /orders/:id/status: an admin moves an order on. POST /orders/:id/cancel: its customer or an admin
 * cancels it. Each takes an optional Idempotency-Key.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function orderRoutes(scope: FastifyInstance, { orders, pages }: { orders: Orders; pages: PaymentPages }) {
  // The body arrives as the schema's output (the validator compiler returns it), typed as such.
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/order',
    { onRequest: app.authenticate, schema: { body: placeOrderSchema, response: { 200: placeOrderResponseSchema } } },
    async (request) => {
      const order = request.body;
      if (order.userId !== request.user.uid) throw new HttpError(403, messages.forbiddenOtherUser);
      // An account without an address (an anonymous sign-in) is no shop account: it cannot hold stock.
      if (!request.user.email) throw new HttpError(403, messages.orderNeedsEmail);
      const { position, orderId, totalCost } = await orders.placeOrder(request.user.uid, order, idempotencyKeyOf(request));
      // The order is in the log: the page is opened after the writer's turn, and its failure leaves the order standing.
      return acknowledged({ position, orderId, totalCost, payment: await pages.forPlacedOrder(orderId, request) });
    },
  );
  app.post(
    '/orders/:id/status',
    {
      onRequest: app.requireAdmin,
      schema: { params: orderIdParamsSchema, body: orderStatusSchema, response: { 200: orderMovedResponseSchema } },
    },
    async (request) => {
      const moved = await orders.moveOrder(request.user.uid, request.params.id, request.body, idempotencyKeyOf(request));
      return acknowledged({ position: moved.position, status: moved.status });
    },
  );
  app.post(
    '/orders/:id/cancel',
    {
      // Whose order it is, and the caller's role, are decided at the command's turn.
      onRequest: app.authenticate,
      schema: { params: orderIdParamsSchema, body: cancelOrderSchema, response: { 200: orderMovedResponseSchema } },
    },
    async (request) => {
      const { uid } = request.user;
      const cancelled = await orders.cancelOrder(uid, request.params.id, request.body.reason, idempotencyKeyOf(request));
      return acknowledged({ position: cancelled.position, status: cancelled.status });
    },
  );
}

/** The request's Idempotency-Key, if it has one (400 for a malformed one). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  return header === undefined ? undefined : idempotencyKeySchema.parse(header);
}
