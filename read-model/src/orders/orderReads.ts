import type { Cents, OrderLine, OrderStatus } from '@toolforge/contracts';
import { isoTime, type Slice, type SqlQueryable } from '@toolforge/platform/sql';
import type { PaidWith } from '../payments/paymentChange.js';
import { recordReader } from '../shared/driverRecord.js';
import { readsTogether } from '../shared/readsTogether.js';

/**
 * An order as placed (the projector's OrderRow is this and its log position). The spec's fields of
 * an order of several lines name its first line's product and every line's quantity together (OrderDto).
 */
export interface PlacedOrderView {
  readonly orderId: string;
  readonly productId: string;
  readonly productName: string;
  readonly userId: string;
  readonly userName: string;
  readonly quantity: number;
  readonly totalCostCents: Cents;
  readonly shippingAddress: string;
  /** The column holds only ORDER_STATUSES: every version of the projection wrote one of them. */
  readonly status: OrderStatus;
  readonly payment: boolean;
  readonly placedAt: string;
  /** Every line, in the order placed. */
  readonly lines: readonly OrderLine[];
}

/** An order as the query side reads it: as placed, how it was paid (payments/), and its documents' numbers (documents/). */
export interface OrderView extends PlacedOrderView {
  readonly paidWith: PaidWith | null;
  readonly paymentReference: string | null;
  /** Why the last attempt to pay failed, while the order is pending; null otherwise. */
  readonly paymentFailure: string | null;
  readonly refundedCents: Cents;
  /** Its invoice's number once paid; null before. */
  readonly invoiceNumber: string | null;
  /** Its credit notes' numbers, in the order issued. */
  readonly creditNoteNumbers: readonly string[];
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

/**
 * The lines of the order `orders` holds, as one JSON array in line order: each line's columns as
 * `line` (a subquery on `order_lines l`) names them, written by row_to_json and array_to_json (no
 * spaces, as JSON.stringify writes). One statement reads a list's orders with their lines, each
 * order's found by the primary key of order_lines.
 */
const linesOf = (line: string) => `coalesce((
  select array_to_json(array_agg(row_to_json(line) order by l.line_no))
    from order_lines l cross join lateral (select ${line}) line
   where l.order_id = orders.order_id
), '[]'::json)`;

/**
 * The last failed attempt's reason, while the order awaits payment: once paid or cancelled it no
 * longer stands (a payment clears it; a cancellation leaves it in the row, unshown).
 */
const PAYMENT_FAILURE = `case when status = 'pending' then payment_failure end`;

// Each column under its view's name, so a record needs only its numbers and times read.
const SELECT_ORDERS = `
  select order_id as "orderId", product_id as "productId", product_name as "productName", user_id as "userId",
         user_name as "userName", quantity, total_cost_cents as "totalCostCents",
         shipping_address as "shippingAddress", status, payment, placed_at as "placedAt",
         ${linesOf(`l.product_id as "productId", l.product_name as "productName", l.quantity,
           l.unit_price_cents as "unitPriceCents", l.line_total_cents as "lineTotalCents"`)} as lines,
         paid_with as "paidWith", payment_reference as "paymentReference", ${PAYMENT_FAILURE} as "paymentFailure",
         refunded_cents as "refundedCents", invoice_number as "invoiceNumber", credit_note_numbers as "creditNoteNumbers"
    from orders`;
const NEWEST_ORDERS = 'order by placed_at desc, log_partition desc, log_offset desc';

/** The lines as JSON: drivers parse a json column as they read it, or hand back its text. */
const readLines = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as OrderLine[];

// The numbers and times come back in whichever shape the driver chose: read both ways.
const toOrderView = recordReader<OrderView>()({
  quantity: Number,
  totalCostCents: Number,
  placedAt: isoTime,
  lines: readLines,
  refundedCents: Number,
});
type OrderRecord = Parameters<typeof toOrderView>[0];

const SELECT_ORDER_IN_LOG = `
  select order_id as "orderId", user_id as "userId", log_partition as partition, event_offsets as "eventOffsets"
    from orders where order_id = $1`;
const toOrderInLog = recordReader<OrderInLog>()({ eventOffsets: (offsets) => (offsets as unknown[]).map(Number) });
type OrderInLogRecord = Parameters<typeof toOrderInLog>[0];

/**
 * An order as the API shows it, written as JSON by the database: orderDtoSchema's fields in its
 * order, the amounts in currency units (cents / 100 in double precision, the number JavaScript's
 * division gives, printed as JSON.stringify prints it), the time as toISOString writes it
 * (milliseconds, UTC), its lines, then how it was paid (payments/) and its documents' numbers (documents/). Profiled under the bench's /orders/:uid, reading each
 * order's columns (the time parsed into a Date and printed again), mapping them and serialising
 * the list took a large share of the query service's time (docs/read-model.md#the-read-paths-cost);
 * now each order is one text, and a list is those texts joined.
 */
const AS_ORDER_JSON = `
  cross join lateral (
    select order_id as "_id", product_id as "productId", product_name as "productName", user_id as "userId",
           user_name as "userName", quantity as "orderQuantity", total_cost_cents::float8 / 100 as "totalCost",
           shipping_address as "shippingAddress", status, payment,
           to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "placedAt",
           ${linesOf(`l.product_id as "productId", l.product_name as "productName", l.quantity,
             l.unit_price_cents::float8 / 100 as "unitPrice", l.line_total_cents::float8 / 100 as "lineTotal"`)} as lines,
           paid_with as "paidWith", payment_reference as "paymentReference", ${PAYMENT_FAILURE} as "paymentFailure",
           refunded_cents::float8 / 100 as refunded, invoice_number as "invoiceNumber",
           credit_note_numbers as "creditNoteNumbers") dto`;
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
