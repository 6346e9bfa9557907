import type { ReadModelTables } from '@toolforge/platform/sql';

/**
 * The catalogue's tables, which the projector fills and the catalogue's reads answer from:
 * - products: as added; `deleted_at` hides a deleted one. The log position breaks ties between
 *   products added in the same millisecond, so "newest first" is a stable order, and the index
 *   serves exactly that order.
 * - product_reservations: stock taken by orders. Kept apart from products because orders and
 *   products are different topics, projected in no fixed order between them: an order may be
 *   projected before its product, and adding to a counter commutes.
 * - products_newest (4): the same order, with the product's id in the index itself. A page is
 *   found by an index-only scan that skips `offset` keys, and only its own rows are then read and
 *   joined to their reservations (productReads.ts): at 100,000 products, reading and joining every
 *   skipped row made a page near the end cost most of a second.
 * - search (6): the words of a product's name and model (weight A) and description (C) as a
 *   tsvector PostgreSQL keeps up to date itself (a generated column: the projector's inserts need
 *   not know it), with a GIN index, for `GET /products?q=…`. The `simple` configuration, not
 *   `english`: model numbers and brand names are no English words to stem, a half-typed word is
 *   matched as the prefix it is (an English stem of a fragment need not prefix the word's stem),
 *   and no short word is dropped as a stop word. The weights are for a relevance order later; the
 *   lists are in the order the customer chose.
 * - products_by_price, products_by_name (6): the other orders a list may be read in, with the log
 *   position breaking ties in the same direction, so one index serves each order both ways.
 * A new column is a new migration here, with the next free version (docs/read-model.md).
 */
export const CATALOGUE_TABLES: ReadModelTables = {
  owner: 'the catalogue',
  migrations: [
    {
      version: 1,
      ddl: `
  create table products (
    product_id text primary key,
    name text not null,
    category text not null,
    model text not null,
    image_url text not null,
    price_cents bigint not null,
    stock integer not null,
    min_order integer not null,
    description text not null,
    added_at timestamptz not null,
    log_partition integer not null,
    log_offset bigint not null,
    deleted_at timestamptz
  );
  create index products_newest on products (added_at desc, log_partition desc, log_offset desc) where deleted_at is null;

  create table product_reservations (
    product_id text primary key,
    reserved integer not null
  );
  `,
    },
    {
      version: 4,
      ddl: `
  drop index products_newest;
  create index products_newest on products (added_at desc, log_partition desc, log_offset desc) include (product_id) where deleted_at is null;
  `,
    },
    {
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
    },
  ],
  tables: ['products', 'product_reservations'],
};
