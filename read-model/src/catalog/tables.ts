import type { ReadModelTables } from '@toolforge/platform/sql';
import { createProducts } from './migrations/001-products.js';
import { productsNewestWithId } from './migrations/004-products-newest-with-id.js';
import { productSearchAndOrders } from './migrations/006-product-search-and-orders.js';
import { productPriceTiersAndPackSize } from './migrations/009-product-price-tiers-and-pack-size.js';

/**
 * The catalogue's tables, which the projector fills and the catalogue's reads answer from: products
 * as added, and the stock orders reserve of them. Each migration is a file of migrations/ named by
 * its version; a new column is a new file there, with the next free version (docs/read-model.md).
 */
export const CATALOGUE_TABLES: ReadModelTables = {
  owner: 'the catalogue',
  migrations: [createProducts, productsNewestWithId, productSearchAndOrders, productPriceTiersAndPackSize],
  tables: ['products', 'product_reservations'],
};
