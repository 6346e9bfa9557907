import type { ApiTag } from '@toolforge/contracts';
import type { QueryFeature } from '../queryFeature.js';
import { stockHistoryRoutes } from './routes.js';

/** Only the query side serves the stock history: its tag is declared here (contracts/src/apiTags.ts says where tags live). */
export const STOCK_HISTORY_TAG: ApiTag = {
  name: 'Stock history',
  description:
    "A product's stock changes, each with its event and the figures after it, for admins (docs/read-model.md#a-products-stock-history).",
};

/** A product's stock history, for admins. */
export const stockHistoryQueries: QueryFeature = {
  tag: STOCK_HISTORY_TAG,
  async routes(app, context) {
    await app.register(stockHistoryRoutes, context);
  },
};
