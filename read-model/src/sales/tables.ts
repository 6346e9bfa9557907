import type { ReadModelTables } from '@toolforge/platform/sql';
import { createSalesOrders } from './migrations/016-sales-orders.js';

/**
 * The sales report's tables, which the projector fills beside the orders' and the admins' report
 * reads. Each migration is a file of migrations/ named by its version; a new column is a new file
 * there, with the next free version (docs/read-model.md).
 */
export const SALES_TABLES: ReadModelTables = {
  owner: 'the sales report',
  migrations: [createSalesOrders],
  tables: ['sales_orders', 'sales_order_lines'],
};
