import { readModelFeature } from '../feature.js';
import { SALES_EVENTS, projectSalesEvent, type SalesEvent } from './projection.js';
import { sqlSalesReader, type SalesReader } from './salesReads.js';
import { SALES_TABLES } from './tables.js';
import { salesWrites, type SalesWrite } from './writes.js';

/**
 * The admins' sales report in the read model (docs/read-model.md#the-sales-report): each order's
 * figures as `toolforge audit orders` counts them, and its lines' shares of its total. It projects no
 * event of its own: it follows the orders' and the payments' events. No cache area: an admin asks
 * for a period now and then, and the figures move with every order.
 */
export const salesReadModel = readModelFeature<never, SalesWrite, SalesReader, Record<never, never>, SalesWrite, SalesEvent>({
  name: 'sales',
  events: [],
  project: () => [],
  follows: { events: SALES_EVENTS, project: projectSalesEvent },
  writes: salesWrites,
  tables: SALES_TABLES,
  cacheAreas: {},
  reads: sqlSalesReader,
});
