import { DOCUMENTS_TAG } from '@toolforge/contracts';
import type { QueryFeature } from '../queryFeature.js';
import { documentRoutes } from './routes.js';

/** An order's invoice and credit notes as PDF, for its customer and admins. */
export const documentQueries: QueryFeature = {
  tag: DOCUMENTS_TAG,
  async routes(app, context) {
    await app.register(documentRoutes, context);
  },
};
