import { PRIVACY_TAG } from '@toolforge/contracts';
import type { QueryFeature } from '../queryFeature.js';
import { privacyRoutes } from './routes.js';

/** A customer's right of access: a copy of everything the shop holds about them. */
export const privacyQueries: QueryFeature = {
  tag: PRIVACY_TAG,
  async routes(app, context) {
    await app.register(privacyRoutes, context);
  },
};
