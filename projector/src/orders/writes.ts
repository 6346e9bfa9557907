import type { Cents } from '@toolforge/contracts';
import type { LogSortKey } from '@toolforge/platform';
import { ORDERS_AREA } from '@toolforge/query-service';
import type { RowWriteHandlers } from '../readModelWrites.js';

/** An order as placed, with where it sat in the log. */
export interface OrderRow {
  readonly orderId: string;
  readonly productId: string;
  readonly productName: string;
  readonly userId: string;
  readonly userName: string;
  readonly quantity: number;
  readonly unitPriceCents: Cents;
  readonly totalCostCents: Cents;
  readonly shippingAddress: string;
  readonly status: string;
  readonly payment: boolean;
  readonly placedAt: string;
  readonly logPosition: LogSortKey;
}

export type OrderWrite = { readonly kind: 'insertOrder'; readonly order: OrderRow };

/** The orders' writes in SQL; every order list goes stale with them. */
export const orderWrites: RowWriteHandlers<OrderWrite> = {
  insertOrder: {
    stale: [ORDERS_AREA],
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
