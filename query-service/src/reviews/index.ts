import { REVIEWS_TAG } from '@toolforge/contracts';
import type { QueryFeature } from '../queryFeature.js';
import { reviewRoutes } from './routes.js';

/** A product's reviews and the latest reviews. */
export const reviewQueries: QueryFeature = {
  tag: REVIEWS_TAG,
  async routes(app, context) {
    await app.register(reviewRoutes, context);
  },
};
