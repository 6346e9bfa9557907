import type { Migration } from '@toolforge/platform/sql';

/**
 * product_stock_changes: each change of a product's stock, as the catalogue's counters take it
 * (products.stock, product_reservations.reserved), for its history in the admin's product page:
 * - `occurred_at`, `event_id`: the change's place in the product's history, the primary key with the
 *   product's id. The event's meta.occurredAt is when the one writer decided it and its id (a UUIDv7)
 *   sorts after the ids made before it, so the two order a product's changes as they were decided,
 *   across the catalogue's and the orders' topics, which the projector applies in no fixed order
 *   between them. `event_id` compares byte by byte (collation "C"), the same on every database;
 * - `log_topic`, `log_partition`, `log_offset`: where the event sits in the log;
 * - `event_type`; `order_id`: the order of an OrderPlaced or OrderCancelled, null otherwise;
 * - `on_hand_delta`, `reserved_delta`: how it moved the stock on hand and what orders reserve;
 * - `on_hand_after`, `reserved_after`: both after it, the running sums of the deltas in the product's
 *   order (stockHistory/writes.ts keeps them so whichever change is applied first).
 * A read model that already holds products when it runs this keeps no history of what it applied
 * before: each product starts with the figures it holds then, a 'BroughtForward' row at its
 * ProductAdded's time and position, with no event id ('', before every id), so that the figures after
 * each change to come are right. A rebuild, or a replay of a range that touches the product, puts its
 * whole history in its place. (Reservations of a product whose ProductAdded it has not applied yet are
 * not brought forward: that product's history starts at its ProductAdded.)
 */
export const createProductStockChanges: Migration = {
  version: 15,
  ddl: `
  create table product_stock_changes (
    product_id text not null,
    occurred_at timestamptz not null,
    event_id text collate "C" not null,
    log_topic text not null,
    log_partition integer not null,
    log_offset bigint not null,
    event_type text not null,
    order_id text,
    on_hand_delta integer not null,
    reserved_delta integer not null,
    on_hand_after integer not null,
    reserved_after integer not null,
    primary key (product_id, occurred_at, event_id)
  );
  insert into product_stock_changes (product_id, occurred_at, event_id, log_topic, log_partition, log_offset, event_type, order_id,
                                     on_hand_delta, reserved_delta, on_hand_after, reserved_after)
    select p.product_id, p.added_at, '', 'catalog.products', p.log_partition, p.log_offset, 'BroughtForward', null,
           p.stock, coalesce(r.reserved, 0), p.stock, coalesce(r.reserved, 0)
      from products p left join product_reservations r on r.product_id = p.product_id;
  `,
};
