import { readModelFeature } from '../feature.js';
import { projectStockChange, type StockMovingEvent } from './projection.js';
import { sqlStockHistoryReader, type StockHistoryReader } from './stockHistoryReads.js';
import { STOCK_HISTORY_TABLES } from './tables.js';
import { stockHistoryWrites, type StockHistoryWrite } from './writes.js';

/**
 * Each product's stock history in the read model (docs/read-model.md#a-products-stock-history): every
 * change of its stock on hand and of what orders reserve, with the figures after it. It projects no
 * event of its own: it follows those the catalogue and the orders project into the counters. No
 * cache area: an admin reads it rarely, and right after moving the stock.
 */
export const stockHistoryReadModel = readModelFeature<
  never,
  StockHistoryWrite,
  StockHistoryReader,
  Record<never, never>,
  StockHistoryWrite,
  StockMovingEvent
>({
  name: 'stock history',
  events: [],
  project: () => [],
  follows: { events: ['ProductAdded', 'StockAdjusted', 'OrderPlaced', 'OrderCancelled'], project: projectStockChange },
  writes: stockHistoryWrites,
  tables: STOCK_HISTORY_TABLES,
  cacheAreas: {},
  reads: sqlStockHistoryReader,
});
