import type { ReadModelTables } from '@toolforge/platform/sql';
import { orderPayments } from './migrations/012-order-payments.js';

/**
 * The payments' columns: of the orders' table (migrations/012-order-payments.ts says why), so the
 * payments own no table a rebuild empties. Each migration is a file of migrations/ named by its
 * version; a new column is a new file there, with the next free version (docs/read-model.md).
 */
export const PAYMENT_TABLES: ReadModelTables = {
  owner: 'the payments',
  migrations: [orderPayments],
  tables: [],
};
