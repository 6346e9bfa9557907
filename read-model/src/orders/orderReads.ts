import type { Cents, OrderStatus } from '@toolforge/contracts';
import { isoTime, type Slice, type SqlQueryable } from '@toolforge/platform/sql';
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
  /** The customer's orders as the API answers them: a JSON array of orderDtoSchema's objects. */
  orderListOfUser(uid: string): Promise<string>;
  /** Every order (or a slice) as the API answers them, as orderListOfUser. */
  orderList(slice?: Slice): Promise<string>;
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

/**
 * An order as the API shows it, written as JSON by the database: orderDtoSchema's fields in its
 * order, the total in currency units (cents / 100 in double precision, the number JavaScript's
 * division gives, printed as JSON.stringify prints it) and the time as toISOString writes it
 * (milliseconds, UTC). Profiled under the bench's /orders/:uid, reading each order's twelve columns
 * (the time parsed into a Date and printed again), mapping them and serialising the list took a
 * large share of the query service's time (docs/read-model.md#the-read-paths-cost); now each order
 * is one text, and a list is those texts joined.
 */
const AS_ORDER_JSON = `
  cross join lateral (
    select order_id as "_id", product_id as "productId", product_name as "productName", user_id as "userId",
           user_name as "userName", quantity as "orderQuantity", total_cost_cents::float8 / 100 as "totalCost",
           shipping_address as "shippingAddress", status, payment,
           to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "placedAt") dto`;
const SELECT_ORDER_JSON = `select orders.user_id as "userId", row_to_json(dto)::text as json from orders ${AS_ORDER_JSON}`;
interface OrderJsonRecord {
  userId: string;
  json: string;
}

/** The orders' texts as one JSON list. */
const jsonList = (rows: readonly OrderJsonRecord[]) => `[${rows.map((row) => row.json).join(',')}]`;

/** The most customers whose orders one statement reads. */
const CUSTOMERS_PER_READ = 50;

/**
 * Customers' orders, read together (shared/readsTogether.ts): `select` (rows with their customer's
 * `userId`) with `= any($1)` in one statement, newest first, each row then dealt to its customer in
 * that order and each customer's rows made into its `answer`. A customer's list is read by that
 * customer (and admins) and so is nearly always a cache miss: a read each.
 */
function customersOrders<Row extends { userId: string }, Answer>(
  sql: SqlQueryable,
  select: string,
  answer: (rows: Row[]) => Answer,
): (uid: string) => Promise<Answer> {
  return readsTogether(async (uids: readonly string[]) => {
    const result = await sql.query<Row>(`${select} where user_id = any($1::text[]) ${NEWEST_ORDERS}`, [uids]);
    const lists = new Map(uids.map((uid) => [uid, [] as Row[]]));
    for (const row of result.rows) lists.get(row.userId)?.push(row);
    return uids.map((uid) => answer(lists.get(uid)!));
  }, CUSTOMERS_PER_READ);
}

/** Every order, or a slice of them, newest first: `select`'s rows. */
async function newestOrders<Row>(sql: SqlQueryable, select: string, slice: Slice | undefined): Promise<Row[]> {
  const result = slice
    ? await sql.query<Row>(`${select} ${NEWEST_ORDERS} limit $1 offset $2`, [slice.limit, slice.offset])
    : await sql.query<Row>(`${select} ${NEWEST_ORDERS}`);
  return result.rows;
}

/** The orders' reads on the read model's tables (orders/tables.ts). */
export function sqlOrderReader(sql: SqlQueryable): OrderReader {
  return {
    ordersOfUser: customersOrders(sql, SELECT_ORDERS, (rows: OrderRecord[]) => rows.map(toOrderView)),
    orderListOfUser: customersOrders(sql, SELECT_ORDER_JSON, jsonList),
    listOrders: async (slice) => (await newestOrders<OrderRecord>(sql, SELECT_ORDERS, slice)).map(toOrderView),
    orderList: async (slice) => jsonList(await newestOrders<OrderJsonRecord>(sql, SELECT_ORDER_JSON, slice)),
    async orderInLog(orderId) {
      const result = await sql.query<OrderInLogRecord>(SELECT_ORDER_IN_LOG, [orderId]);
      const [row] = result.rows;
      return row ? toOrderInLog(row) : null;
    },
  };
}
