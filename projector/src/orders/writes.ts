import type { LogSortKey } from '@toolforge/platform';
import { ORDERS_AREA, type OrderView } from '@toolforge/query-service';
import type { RowWriteHandlers } from '../readModelWrites.js';

/** An order as placed (as the query side reads it), with where it sat in the log. */
export interface OrderRow extends OrderView {
  readonly logPosition: LogSortKey;
}

export type OrderWrite = { readonly kind: 'insertOrder'; readonly order: OrderRow };

/** The orders' writes in SQL; every order list goes stale with them. */
export const orderWrites: RowWriteHandlers<OrderWrite> = {
  insertOrder: {
    stale: [ORDERS_AREA],
    rows: (write) => [{ table: 'orders', keyColumn: 'order_id', key: write.order.orderId }],
    async apply(tx, { order: o }) {
      await tx.query(
        `insert into orders (order_id, product_id, product_name, user_id, user_name, quantity, unit_price_cents,
                             total_cost_cents, shipping_address, status, payment, placed_at, log_partition, log_offset)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) on conflict (order_id) do nothing`,
        [
          o.orderId,
          o.productId,
          o.productName,
          o.userId,
          o.userName,
          o.quantity,
          o.unitPriceCents,
          o.totalCostCents,
          o.shippingAddress,
          o.status,
          o.payment,
          o.placedAt,
          o.logPosition.partition,
          o.logPosition.offset,
        ],
      );
    },
  },
};
