import type { Migration } from '@toolforge/platform/sql';

/**
 * The catalogue's first tables (part of the founding migration, version 1):
 * - products: as added; `deleted_at` hides a deleted one. The log position breaks ties between
 *   products added in the same millisecond, so "newest first" is a stable order, and the index
 *   serves exactly that order.
 * - product_reservations: stock taken by orders. Kept apart from products because orders and
 *   products are different topics, projected in no fixed order between them: an order may be
 *   projected before its product, and adding to a counter commutes.
 */
export const createProducts: Migration = {
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
};
