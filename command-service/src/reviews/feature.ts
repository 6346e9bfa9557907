import { REVIEWS_TAG } from '@toolforge/contracts';
import { documented } from '@toolforge/platform/http';
import { catalog } from '../catalog/feature.js';
import { identity } from '../identity/feature.js';
import { orders } from '../orders/feature.js';
import type { CommandFeature } from '../shared/feature.js';
import { DeliveredPurchases } from './deliveredPurchases.js';
import { reviewRoutes } from './reviewRoutes.js';
import { ReviewStates } from './reviewStates.js';
import { Reviews } from './reviews.js';

/** Reviews: customers review the products delivered to them; admins take reviews down. */
export const reviews: CommandFeature<{ reviews: ReviewStates; delivered: DeliveredPurchases }> = {
  name: 'reviews',
  writeModel(need) {
    const reviewStates = new ReviewStates();
    // A delivery names only its order: the order's state names the customer and the product.
    const delivered = new DeliveredPurchases(need(orders).orders);
    return { states: { reviews: reviewStates, delivered }, parts: [reviewStates, delivered] };
  },
  async serve({ app, handler, states, need }) {
    const { accounts } = need(identity);
    const uses = new Reviews({
      handler,
      products: need(catalog).products,
      reviews: states.reviews,
      delivered: states.delivered,
      customerName: (uid) => accounts.nameOf(uid),
    });
    await app.register(documented({ tag: REVIEWS_TAG }, reviewRoutes), { reviews: uses });
  },
};
