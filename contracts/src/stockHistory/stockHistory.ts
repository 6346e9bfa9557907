import { pageQuerySchema } from '../schemas/query.js';

/** The changes one page of a product's stock history holds, newest first. */
export const STOCK_HISTORY_PAGE_SIZE = 50;

/**
 * What changed a product's stock: the events that move its stock on hand or what orders reserve of
 * it, as the read model counts them (docs/read-model.md#a-products-stock-history), and `BroughtForward`:
 * the figures a read model already held when it began to keep the history, before any change it
 * has a row of (only in a read model migrated with products in it, until it is rebuilt).
 */
export const STOCK_CHANGE_TYPES = ['ProductAdded', 'StockAdjusted', 'OrderPlaced', 'OrderCancelled', 'BroughtForward'] as const;
export type StockChangeType = (typeof STOCK_CHANGE_TYPES)[number];

/** One change of a product's stock (GET /products/:id/stock-history): what moved it, when, by how much, and the figures after it. */
export interface StockChangeDto {
  /** Where its event sits in the log (catalog.products/0/12); a balance brought forward: its product's ProductAdded's. */
  position: string;
  type: StockChangeType;
  /** Its event's id; null for a balance brought forward. */
  eventId: string | null;
  occurredAt: string;
  /** How the stock on hand moved (a restock up, a write-off down; a product's first stock when added). */
  onHandDelta: number;
  /** How what orders reserve moved (an order placed up, one cancelled down). */
  reservedDelta: number;
  /** The stock on hand after it. */
  onHandAfter: number;
  /** What orders reserved after it; on hand less reserved is what is left to order. */
  reservedAfter: number;
  /** The order that moved it, for an order's change; null otherwise. */
  orderId: string | null;
}

/** A page of a product's stock history, newest first, and how many changes it has in all. */
export interface StockHistoryResponse {
  total: number;
  changes: StockChangeDto[];
}

/** GET /products/:id/stock-history's query: the page, from 0, by the catalogue's rules; its size is STOCK_HISTORY_PAGE_SIZE. */
export const stockHistoryQuerySchema = pageQuerySchema.pick({ page: true });

/** Where a product's stock history is read (the query service's route, the web's read). */
export function stockHistoryPath(productId: string): string {
  return `/products/${encodeURIComponent(productId)}/stock-history`;
}
