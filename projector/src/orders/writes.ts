import type { LogSortKey, SqlQueryable } from '@toolforge/platform';
import { ORDERS_AREA, type OrderView } from '@toolforge/query-service';
import type { RowWriteHandlers } from '../readModelWrites.js';

/** An order as placed (as the query side reads it), with where it sat in the log. */
export interface OrderRow extends OrderView {
  readonly logPosition: LogSortKey;
}

export type OrderWrite = { readonly kind: 'insertOrder'; readonly order: OrderRow };

/**
 * Inserts orders in one statement, in their order (a repeated order id: the first one stays, as
 * inserting them one by one would leave it).
 */
async function insertOrders(tx: SqlQueryable, orders: readonly OrderRow[]): Promise<void> {
  const column = <Value>(value: (order: OrderRow) => Value) => orders.map(value);
  await tx.query(
    `insert into orders (order_id, product_id, product_name, user_id, user_name, quantity, unit_price_cents,
                         total_cost_cents, shipping_address, status, payment, placed_at, log_partition, log_offset)
     select order_id, product_id, product_name, user_id, user_name, quantity, unit_price_cents,
            total_cost_cents, shipping_address, status, payment, placed_at, log_partition, log_offset
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::bigint[], $8::bigint[],
                   $9::text[], $10::text[], $11::boolean[], $12::timestamptz[], $13::integer[], $14::bigint[])
            with ordinality as o(order_id, product_id, product_name, user_id, user_name, quantity, unit_price_cents,
                                 total_cost_cents, shipping_address, status, payment, placed_at, log_partition, log_offset, n)
      order by n
     on conflict (order_id) do nothing`,
    [
      column((o) => o.orderId),
      column((o) => o.productId),
      column((o) => o.productName),
      column((o) => o.userId),
      column((o) => o.userName),
      column((o) => o.quantity),
      column((o) => o.unitPriceCents),
      column((o) => o.totalCostCents),
      column((o) => o.shippingAddress),
      column((o) => o.status),
      column((o) => o.payment),
      column((o) => o.placedAt),
      column((o) => o.logPosition.partition),
      column((o) => o.logPosition.offset),
    ],
  );
}

/** The orders' writes in SQL; every order list goes stale with them. */
export const orderWrites: RowWriteHandlers<OrderWrite> = {
  insertOrder: {
    stale: [ORDERS_AREA],
    table: 'orders',
    rows: (write) => [{ table: 'orders', keyColumn: 'order_id', key: write.order.orderId }],
    apply: (tx, write) => insertOrders(tx, [write.order]),
    applyRun: (tx, writes) =>
      insertOrders(
        tx,
        writes.map((write) => write.order),
      ),
  },
};
