import type { ApiTag } from '@toolforge/contracts';
import type { QueryFeature } from '../queryFeature.js';
import { salesRoutes } from './routes.js';

/** Only the query side serves the sales report: its tag is declared here (contracts/src/apiTags.ts says where tags live). */
export const SALES_TAG: ApiTag = {
  name: 'Sales',
  description: "The admins' sales report of a period, counted as the orders' audit counts it (docs/read-model.md#the-sales-report).",
};

/** The admins' sales report. */
export const salesQueries: QueryFeature = {
  tag: SALES_TAG,
  async routes(app, context) {
    await app.register(salesRoutes, context);
  },
};
