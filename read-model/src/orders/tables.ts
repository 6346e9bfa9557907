import type { ReadModelTables } from '@toolforge/platform/sql';
import { createOrders } from './migrations/001-orders.js';
import { orderEventOffsets } from './migrations/005-order-event-offsets.js';
import { ordersNewestAscending } from './migrations/008-orders-newest-ascending.js';
import { orderLines } from './migrations/010-order-lines.js';

/**
 * The orders' tables: one row per order, with its log position to break ties in the newest-first
 * lists, and one row per line of an order. Each migration is a file of migrations/ named by its
 * version; a new column is a new file there, with the next free version (docs/read-model.md).
 */
export const ORDER_TABLES: ReadModelTables = {
  owner: 'the orders',
  migrations: [createOrders, orderEventOffsets, ordersNewestAscending, orderLines],
  tables: ['orders', 'order_lines'],
};
