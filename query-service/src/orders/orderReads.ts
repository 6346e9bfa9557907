import type { Cents, OrderStatus } from '@toolforge/contracts';
import { isoTime, type Slice, type SqlQueryable } from '@toolforge/platform';
import { recordReader } from '../shared/driverRecord.js';
import { readsTogether } from '../shared/readsTogether.js';

/** An order as the query side reads it: as placed (the projector's OrderRow is this and its log position). */
export interface OrderView {
  readonly orderId: string;
  readonly productId: string;
  readonly productName: string;
  readonly userId: string;
  readonly userName: string;
  readonly quantity: number;
  readonly unitPriceCents: Cents;
  readonly totalCostCents: Cents;
  readonly shippingAddress: string;
  /** The column holds only ORDER_STATUSES: every version of the projection wrote one of them. */
  readonly status: OrderStatus;
  readonly payment: boolean;
  readonly placedAt: string;
}

/** Whose an order is and where its events sit in the log: what its history is read from. */
export interface OrderInLog {
  readonly orderId: string;
  readonly userId: string;
  /** The partition of sales.orders that holds the order's stream. */
  readonly partition: number;
  /** The offsets of the order's events in that partition, in log order. */
  readonly eventOffsets: readonly number[];
}

/** The orders' reads, newest first. */
export interface OrderReader {
  ordersOfUser(uid: string): Promise<OrderView[]>;
  /** Every order, or a slice of them. */
  listOrders(slice?: Slice): Promise<OrderView[]>;
  /** The order's owner and its events' offsets; null for an order the read model does not hold. */
  orderInLog(orderId: string): Promise<OrderInLog | null>;
}

// Each column under its view's name, so a record needs only its numbers and times read.
const SELECT_ORDERS = `
  select order_id as "orderId", product_id as "productId", product_name as "productName", user_id as "userId",
         user_name as "userName", quantity, unit_price_cents as "unitPriceCents", total_cost_cents as "totalCostCents",
         shipping_address as "shippingAddress", status, payment, placed_at as "placedAt"
    from orders`;
const NEWEST_ORDERS = 'order by placed_at desc, log_partition desc, log_offset desc';

// The numbers and times come back in whichever shape the driver chose: read both ways.
const toOrderView = recordReader<OrderView>()({ quantity: Number, unitPriceCents: Number, totalCostCents: Number, placedAt: isoTime });
type OrderRecord = Parameters<typeof toOrderView>[0];

const SELECT_ORDER_IN_LOG = `
  select order_id as "orderId", user_id as "userId", log_partition as partition, event_offsets as "eventOffsets"
    from orders where order_id = $1`;
const toOrderInLog = recordReader<OrderInLog>()({ eventOffsets: (offsets) => (offsets as unknown[]).map(Number) });
type OrderInLogRecord = Parameters<typeof toOrderInLog>[0];

/** The most customers whose orders one statement reads. */
const CUSTOMERS_PER_READ = 50;

/**
 * Customers' orders, read together (shared/readsTogether.ts): `= any($1)` in one statement, newest
 * first, each row then dealt to its customer in that order. A customer's list is read by that
 * customer (and admins) and so is nearly always a cache miss: a read each.
 */
function orderListReads(sql: SqlQueryable): (uid: string) => Promise<OrderView[]> {
  return readsTogether(async (uids: readonly string[]) => {
    const result = await sql.query<OrderRecord>(`${SELECT_ORDERS} where user_id = any($1::text[]) ${NEWEST_ORDERS}`, [uids]);
    const lists = new Map(uids.map((uid) => [uid, [] as OrderView[]]));
    for (const row of result.rows) lists.get(row.userId)?.push(toOrderView(row));
    return uids.map((uid) => lists.get(uid)!);
  }, CUSTOMERS_PER_READ);
}

/** The orders' reads on the read model's tables (orders/tables.ts). */
export function sqlOrderReader(sql: SqlQueryable): OrderReader {
  return {
    ordersOfUser: orderListReads(sql),
    async listOrders(slice) {
      const result = slice
        ? await sql.query<OrderRecord>(`${SELECT_ORDERS} ${NEWEST_ORDERS} limit $1 offset $2`, [slice.limit, slice.offset])
        : await sql.query<OrderRecord>(`${SELECT_ORDERS} ${NEWEST_ORDERS}`);
      return result.rows.map(toOrderView);
    },
    async orderInLog(orderId) {
      const result = await sql.query<OrderInLogRecord>(SELECT_ORDER_IN_LOG, [orderId]);
      const [row] = result.rows;
      return row ? toOrderInLog(row) : null;
    },
  };
}
