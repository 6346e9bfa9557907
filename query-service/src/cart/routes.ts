import type { FastifyInstance } from 'fastify';
import { cartDtoSchema, priceCart, toCartDto } from '@toolforge/contracts';
import type { ZodTypeProvider } from '@toolforge/platform/http';
import type { CartReader } from '@toolforge/read-model';

export interface CartRouteOptions {
  store: CartReader;
}

/**
 * GET /cart: the signed-in customer's own cart (the uid is the token's, never the request's), each
 * line at the unit price its quantity reaches now and the order it would be, as the command side
 * answers a change of it. Read from the read model every time, past the cache: a cart is one
 * customer's, and its prices and stock move with every edit and order of its products. A request
 * with X-Read-After has waited for the projector before it gets here (http/readAfter.ts).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function cartRoutes(parent: FastifyInstance, { store }: CartRouteOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/cart', { onRequest: app.authenticate, schema: { response: { 200: cartDtoSchema } } }, async (request) => {
    const cart = await store.cartOf(request.user.uid);
    return toCartDto(priceCart(cart.lines, (productId) => cart.products.get(productId)));
  });
}
