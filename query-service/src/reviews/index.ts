import { API_TAGS } from '@toolforge/platform/http';
import type { QueryFeature } from '../queryFeature.js';
import { reviewRoutes } from './routes.js';

/** A product's reviews and the latest reviews. */
export const reviewQueries: QueryFeature = {
  tag: API_TAGS.reviews,
  async routes(app, context) {
    await app.register(reviewRoutes, context);
  },
};
