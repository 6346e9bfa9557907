import type { StoredEvent } from '@toolforge/platform';
import type { RowWrite } from '../features.js';
import { project } from '../projection.js';

/** The sales report's writes (read-model/src/sales): it follows the orders', payments' and carts' events beside their own features. */
const SALES_WRITES: ReadonlySet<RowWrite['kind']> = new Set<RowWrite['kind']>(['placeSalesOrder', 'moveSalesOrder', 'placeSalesLines']);

/**
 * What the read model writes for an event but the sales report's rows: the orders', payments' and
 * carts' specs check their own rows and their order, the sales report's spec its rows from the same events.
 */
export function projectedButSales(event: StoredEvent): RowWrite[] {
  return project(event).filter((write) => !SALES_WRITES.has(write.kind));
}
