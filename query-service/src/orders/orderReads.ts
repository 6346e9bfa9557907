import { isoTime, type Slice, type SqlQueryable } from '@toolforge/platform';

/** An order as the query side reads it. */
export interface OrderView {
  readonly orderId: string;
  readonly productId: string;
  readonly productName: string;
  readonly userId: string;
  readonly userName: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly totalCostCents: number;
  readonly shippingAddress: string;
  readonly status: string;
  readonly payment: boolean;
  readonly placedAt: string;
}

/** The orders' reads, newest first. */
export interface OrderReader {
  ordersOfUser(uid: string): Promise<OrderView[]>;
  /** Every order, or a slice of them. */
  listOrders(slice?: Slice): Promise<OrderView[]>;
}

const SELECT_ORDERS = `
  select order_id, product_id, product_name, user_id, user_name, quantity, unit_price_cents, total_cost_cents,
         shipping_address, status, payment, placed_at
    from orders`;
const NEWEST_ORDERS = 'order by placed_at desc, log_partition desc, log_offset desc';

/** The orders' reads on the read model's tables (orders/tables.ts). */
export function sqlOrderReader(sql: SqlQueryable): OrderReader {
  return {
    async ordersOfUser(uid) {
      const result = await sql.query<OrderRecord>(`${SELECT_ORDERS} where user_id = $1 ${NEWEST_ORDERS}`, [uid]);
      return result.rows.map(toOrderView);
    },
    async listOrders(slice) {
      const result = slice
        ? await sql.query<OrderRecord>(`${SELECT_ORDERS} ${NEWEST_ORDERS} limit $1 offset $2`, [slice.limit, slice.offset])
        : await sql.query<OrderRecord>(`${SELECT_ORDERS} ${NEWEST_ORDERS}`);
      return result.rows.map(toOrderView);
    },
  };
}

// Drivers differ in how they hand back bigint and timestamptz (number, string, BigInt, Date): read both ways.
interface OrderRecord {
  order_id: string;
  product_id: string;
  product_name: string;
  user_id: string;
  user_name: string;
  quantity: unknown;
  unit_price_cents: unknown;
  total_cost_cents: unknown;
  shipping_address: string;
  status: string;
  payment: boolean;
  placed_at: unknown;
}

function toOrderView(row: OrderRecord): OrderView {
  return {
    orderId: row.order_id,
    productId: row.product_id,
    productName: row.product_name,
    userId: row.user_id,
    userName: row.user_name,
    quantity: Number(row.quantity),
    unitPriceCents: Number(row.unit_price_cents),
    totalCostCents: Number(row.total_cost_cents),
    shippingAddress: row.shipping_address,
    status: row.status,
    payment: row.payment,
    placedAt: isoTime(row.placed_at),
  };
}
