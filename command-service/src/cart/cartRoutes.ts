import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  cartChangeSchema,
  cartLineParamsSchema,
  cartLineSchema,
  checkoutSchema,
  messages,
} from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform/http';
import { idempotencyKeyDoc } from '../orders/feature.js';
import { idempotencyKeyOf } from '../orders/orderRoutes.js';
import type { PaymentPages } from '../payments/paymentPage.js';
import { acknowledged, placeOrderResponseSchema } from '../shared/replies.js';
import type { ChangedCart, Carts } from './carts.js';

/**
 * PUT and DELETE /cart/lines/:productId: a signed-in customer sets or removes a line of their own
 * cart (whose cart it is comes from the token alone). POST /checkout: they order every line of it, with
 * an optional Idempotency-Key, as POST /order takes, and are answered where to pay it.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function cartRoutes(scope: FastifyInstance, { carts, pages }: { carts: Carts; pages: PaymentPages }) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/cart/lines/:productId',
    {
      onRequest: app.authenticate,
      schema: { params: cartLineParamsSchema, body: cartLineSchema, response: { 200: cartChangeSchema } },
    },
    async (request) => answer(await carts.setLine(request.user.uid, request.params.productId, request.body.quantity)),
  );
  app.delete(
    '/cart/lines/:productId',
    { onRequest: app.authenticate, schema: { params: cartLineParamsSchema, response: { 200: cartChangeSchema } } },
    async (request) => answer(await carts.removeLine(request.user.uid, request.params.productId)),
  );
  app.post(
    '/checkout',
    {
      onRequest: app.authenticate,
      config: { docs: { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyDoc } } },
      schema: { body: checkoutSchema, response: { 200: placeOrderResponseSchema } },
    },
    async (request) => {
      // An account without an address (an anonymous sign-in) is no shop account: it cannot hold stock.
      if (!request.user.email) throw new HttpError(403, messages.orderNeedsEmail);
      const { position, orderId, totalCost } = await carts.checkout(request.user.uid, request.body, idempotencyKeyOf(request));
      // As POST /order's: the page is opened once the order is in the log.
      return acknowledged({ position, orderId, totalCost, payment: await pages.forPlacedOrder(orderId, request) });
    },
  );
}

/** The cart as the change left it, acknowledged, with the change's position when it appended anything. */
function answer({ cart, position }: ChangedCart) {
  return acknowledged(position === undefined ? cart : { ...cart, position });
}
