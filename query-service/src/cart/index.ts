import { CART_TAG } from '@toolforge/contracts';
import type { QueryFeature } from '../queryFeature.js';
import { cartRoutes } from './routes.js';

/** The signed-in customer's cart, priced. */
export const cartQueries: QueryFeature = {
  tag: CART_TAG,
  async routes(app, context) {
    await app.register(cartRoutes, context);
  },
};
