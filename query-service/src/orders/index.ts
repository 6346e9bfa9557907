import { ORDERS_TAG } from '@toolforge/contracts';
import type { QueryFeature } from '../queryFeature.js';
import { orderHistoryRoute } from './historyRoute.js';
import { orderRoutes } from './routes.js';

/** A customer's orders, every order for admins, and an order's history read from the log. */
export const orderQueries: QueryFeature = {
  tag: ORDERS_TAG,
  async routes(app, context) {
    await app.register(orderRoutes, context);
    await app.register(orderHistoryRoute, context);
  },
};
