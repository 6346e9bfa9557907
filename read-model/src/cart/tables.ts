import type { ReadModelTables } from '@toolforge/platform/sql';
import { createCartLines } from './migrations/011-cart-lines.js';

/**
 * The carts' table, which the projector fills and GET /cart answers from. Each migration is a file
 * of migrations/ named by its version; a new column is a new file there, with the next free version
 * (docs/read-model.md).
 */
export const CART_TABLES: ReadModelTables = {
  owner: 'the carts',
  migrations: [createCartLines],
  tables: ['cart_lines'],
};
