import type { Migration } from '@toolforge/platform/sql';

/**
 * - search: the words of a product's name and model (weight A) and description (C) as a tsvector
 *   PostgreSQL keeps up to date itself (a generated column: the projector's inserts need not know
 *   it), with a GIN index, for `GET /products?q=…`. The `simple` configuration, not `english`: model
 *   numbers and brand names are no English words to stem, a half-typed word is matched as the
 *   prefix it is (an English stem of a fragment need not prefix the word's stem), and no short word
 *   is dropped as a stop word. The weights are for a relevance order later; the lists are in the
 *   order the customer chose.
 * - products_by_price, products_by_name: the other orders a list may be read in, with the log
 *   position breaking ties in the same direction, so one index serves each order both ways.
 */
export const productSearchAndOrders: Migration = {
  version: 6,
  ddl: `
  alter table products add column search tsvector generated always as (
    setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', model), 'A') ||
    setweight(to_tsvector('simple', description), 'C')
  ) stored;
  create index products_search on products using gin (search) where deleted_at is null;
  create index products_by_price on products (price_cents, log_partition, log_offset) include (product_id) where deleted_at is null;
  create index products_by_name on products (lower(name), log_partition, log_offset) include (product_id) where deleted_at is null;
  `,
};
