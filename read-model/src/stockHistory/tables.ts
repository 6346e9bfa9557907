import type { ReadModelTables } from '@toolforge/platform/sql';
import { createProductStockChanges } from './migrations/015-product-stock-changes.js';

/**
 * The stock history's table, which the projector fills beside the catalogue's counters and the admin's
 * product page reads. Each migration is a file of migrations/ named by its version; a new column is a
 * new file there, with the next free version (docs/read-model.md).
 */
export const STOCK_HISTORY_TABLES: ReadModelTables = {
  owner: 'the stock history',
  migrations: [createProductStockChanges],
  tables: ['product_stock_changes'],
};
