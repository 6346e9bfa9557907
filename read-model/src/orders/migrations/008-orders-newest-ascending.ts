import type { Migration } from '@toolforge/platform/sql';

/**
 * `orders_newest` in ascending order, read backwards for the newest first. Orders come in the
 * order they were placed, so a rebuild's sort of a million of them finds them sorted already (faster
 * than descending: docs/read-model.md#an-orders-life-product-edits-and-restocks), and a new order
 * goes to the index's last page, which PostgreSQL keeps at hand for keys that only grow.
 */
export const ordersNewestAscending: Migration = {
  version: 8,
  ddl: `
  drop index orders_newest;
  create index orders_newest on orders (placed_at, log_partition, log_offset);
  `,
};
