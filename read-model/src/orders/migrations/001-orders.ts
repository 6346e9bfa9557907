import type { Migration } from '@toolforge/platform/sql';

/**
 * The orders' table (part of the founding migration, version 1): one row per order, with its log
 * position to break ties in the newest-first lists (every order, and each user's), which its
 * indexes serve.
 */
export const createOrders: Migration = {
  version: 1,
  ddl: `
  create table orders (
    order_id text primary key,
    product_id text not null,
    product_name text not null,
    user_id text not null,
    user_name text not null,
    quantity integer not null,
    unit_price_cents bigint not null,
    total_cost_cents bigint not null,
    shipping_address text not null,
    status text not null,
    payment boolean not null,
    placed_at timestamptz not null,
    log_partition integer not null,
    log_offset bigint not null
  );
  create index orders_newest on orders (placed_at desc, log_partition desc, log_offset desc);
  create index orders_of_user on orders (user_id, placed_at desc, log_partition desc, log_offset desc);
  `,
};
