import type { Migration } from '@toolforge/platform/sql';

/**
 * products_newest: the same order, with the product's id in the index itself. A page is found by
 * an index-only scan that skips `offset` keys, and only its own rows are then read and joined to
 * their reservations (productReads.ts): at 100,000 products, reading and joining every skipped row
 * made a page near the end slow (docs/read-model.md#reads-at-the-benchs-size).
 */
export const productsNewestWithId: Migration = {
  version: 4,
  ddl: `
  drop index products_newest;
  create index products_newest on products (added_at desc, log_partition desc, log_offset desc) include (product_id) where deleted_at is null;
  `,
};
