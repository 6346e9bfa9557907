import { forgottenValue, type OrderLine, type OrderStatus } from '@toolforge/contracts';
import {
  columnNames,
  copyOrInsert,
  rowColumns,
  unnestArrays,
  type CopiedColumn,
  type LogSortKey,
  type SqlQueryable,
} from '@toolforge/platform/sql';
import { ORDERS_AREA } from './answers.js';
import type { PlacedOrderView } from './orderReads.js';
import type { RowKey, RowWriteHandlers } from '../feature.js';
import type { DocumentChange } from '../documents/documentChange.js';
import type { PaymentChange } from '../payments/paymentChange.js';

/** An order as placed (as the query side reads it), with where it sat in the log. */
export interface OrderRow extends PlacedOrderView {
  readonly logPosition: LogSortKey;
}

/**
 * A later event of an order's stream (paid, shipped, delivered, cancelled; a payment's event,
 * payments/; a document's, documents/; an e-mail's, mail/), and where that event sits.
 */
export interface OrderMove {
  readonly orderId: string;
  /** The status it moves the order to; null for a payment's event, which leaves it where it was. */
  readonly status: OrderStatus | null;
  /** Whether the event records the payment; the others leave it as it was (a paid order cancelled stays paid). */
  readonly paid: boolean;
  /** What it changes of the order's payment columns (payments/paymentChange.ts); none for the orders' own moves but OrderPaid. */
  readonly payment?: PaymentChange;
  /** A document's number it adds to the order (documents/documentChange.ts); only the documents' events have one. */
  readonly document?: DocumentChange;
  readonly logPosition: LogSortKey;
}

export type OrderWrite =
  | { readonly kind: 'insertOrder'; readonly order: OrderRow }
  | { readonly kind: 'moveOrder'; readonly move: OrderMove }
  | { readonly kind: 'forgetCustomerOrders'; readonly userId: string };

/** The orders table's columns an order fills, with their types there (orders/migrations/). */
const ORDER_COLUMNS: readonly CopiedColumn<OrderRow>[] = [
  { name: 'order_id', type: 'text', of: (o) => o.orderId },
  { name: 'product_id', type: 'text', of: (o) => o.productId },
  { name: 'product_name', type: 'text', of: (o) => o.productName },
  { name: 'user_id', type: 'text', of: (o) => o.userId },
  { name: 'user_name', type: 'text', of: (o) => o.userName },
  { name: 'quantity', type: 'integer', of: (o) => o.quantity },
  { name: 'total_cost_cents', type: 'bigint', of: (o) => o.totalCostCents },
  { name: 'shipping_address', type: 'text', of: (o) => o.shippingAddress },
  { name: 'status', type: 'text', of: (o) => o.status },
  { name: 'payment', type: 'boolean', of: (o) => o.payment },
  { name: 'placed_at', type: 'timestamptz', of: (o) => o.placedAt },
  { name: 'log_partition', type: 'integer', of: (o) => o.logPosition.partition },
  { name: 'log_offset', type: 'bigint', of: (o) => o.logPosition.offset },
  { name: 'event_offsets', type: 'bigint[]', of: (o) => [o.logPosition.offset] },
];
const ORDER_COLUMN_NAMES = columnNames(ORDER_COLUMNS);
/** What the insert takes from an order: every column but the offsets, which it makes from the order's own (array[log_offset]). */
const PLACED_COLUMNS = ORDER_COLUMNS.slice(0, -1);
const PLACED_COLUMN_NAMES = columnNames(PLACED_COLUMNS);

/** One line of an order, numbered from 1 in the order's own order. */
interface NumberedLine {
  readonly orderId: string;
  readonly lineNo: number;
  readonly line: OrderLine;
}

/** The order_lines table's columns (orders/migrations/010-order-lines.ts). */
const LINE_COLUMNS: readonly CopiedColumn<NumberedLine>[] = [
  { name: 'order_id', type: 'text', of: (l) => l.orderId },
  { name: 'line_no', type: 'integer', of: (l) => l.lineNo },
  { name: 'product_id', type: 'text', of: (l) => l.line.productId },
  { name: 'product_name', type: 'text', of: (l) => l.line.productName },
  { name: 'quantity', type: 'integer', of: (l) => l.line.quantity },
  { name: 'unit_price_cents', type: 'bigint', of: (l) => l.line.unitPriceCents },
  { name: 'line_total_cents', type: 'bigint', of: (l) => l.line.lineTotalCents },
];
const LINE_COLUMN_NAMES = columnNames(LINE_COLUMNS);

function numberedLines(orders: readonly OrderRow[]): NumberedLine[] {
  const lines: NumberedLine[] = [];
  for (const order of orders)
    for (const [index, line] of order.lines.entries()) lines.push({ orderId: order.orderId, lineNo: index + 1, line });
  return lines;
}

/**
 * Inserts orders and their lines, in their order: with COPY where the database has it (embedded; a
 * rebuild's batches of thousands of orders are most of its time), else or when an order id is
 * already taken with insertNewOrders. The order's own event is the first of its offsets.
 */
async function insertOrders(tx: SqlQueryable, orders: readonly OrderRow[]): Promise<void> {
  let linesInserted = false;
  await copyOrInsert(tx, { table: 'orders', columns: ORDER_COLUMNS, rows: orders }, async () => {
    await insertNewOrders(tx, orders);
    linesInserted = true;
  });
  // The orders were copied, so every one of them is new, and so are their lines.
  if (!linesInserted) {
    const lines = { table: 'order_lines', columns: LINE_COLUMNS, rows: numberedLines(orders) };
    await copyOrInsert(tx, lines, () => insertLines(tx, lines.rows));
  }
}

/**
 * Inserts in one statement the orders whose id is not taken, and the lines of those alone: an
 * order id already taken, or taken twice in the run, keeps its first order and that order's lines,
 * as inserting them one by one would.
 */
async function insertNewOrders(tx: SqlQueryable, orders: readonly OrderRow[]): Promise<void> {
  const firsts = new Map<string, OrderRow>();
  for (const order of orders) if (!firsts.has(order.orderId)) firsts.set(order.orderId, order);
  const placed = { table: 'orders', columns: PLACED_COLUMNS, rows: [...firsts.values()] };
  const lines = { table: 'order_lines', columns: LINE_COLUMNS, rows: numberedLines(placed.rows) };
  await tx.query(
    `with inserted as (
       insert into orders (${ORDER_COLUMN_NAMES})
       select ${PLACED_COLUMN_NAMES}, array[log_offset]
         from unnest(${unnestArrays(PLACED_COLUMNS)}) with ordinality as o(${PLACED_COLUMN_NAMES}, n)
        order by n
       on conflict (order_id) do nothing
       returning order_id
     )
     insert into order_lines (${LINE_COLUMN_NAMES})
     select ${LINE_COLUMN_NAMES} from unnest(${unnestArrays(LINE_COLUMNS, PLACED_COLUMNS.length + 1)}) as l(${LINE_COLUMN_NAMES})
      where l.order_id in (select order_id from inserted)`,
    [...rowColumns(placed), ...rowColumns(lines)],
  );
}

/** Lines of orders copied just before (insertOrders), when COPY refuses them: the statement decides what their values mean. */
async function insertLines(tx: SqlQueryable, lines: readonly NumberedLine[]): Promise<void> {
  const copied = { table: 'order_lines', columns: LINE_COLUMNS, rows: lines };
  await tx.query(`insert into order_lines (${LINE_COLUMN_NAMES}) select * from unnest(${unnestArrays(LINE_COLUMNS)})`, rowColumns(copied));
}

/**
 * Moves orders on in one statement. A move applies only to its order's row in its own partition,
 * and only when it is newer than the last event the row records (`event_offsets` grows in log
 * order): a move delivered twice, or older than the row's OrderPlaced, changes nothing, so a
 * refund is added once. A statement may change a row only once, so each order's moves of the run
 * are folded first: the last status named (a payment's event names none), paid if any of them
 * paid, how from the last payment, the failure from the last move that says anything of it (a
 * failed attempt sets it, a payment clears it), the refunds summed, the first invoice, the credit
 * notes appended in turn, every offset appended in turn.
 */
async function moveOrders(tx: SqlQueryable, moves: readonly OrderMove[]): Promise<void> {
  const column = <Value>(value: (move: OrderMove) => Value) => moves.map(value);
  const settled = (move: OrderMove) => (move.payment?.kind === 'settled' ? move.payment : undefined);
  const documented = (move: OrderMove, kind: DocumentChange['kind']) => (move.document?.kind === kind ? move.document.number : null);
  await tx.query(
    `with moves as (
       select * from unnest($1::text[], $2::integer[], $3::bigint[], $4::text[], $5::boolean[], $6::text[], $7::text[], $8::text[], $9::bigint[],
                            $10::text[], $11::text[])
                with ordinality as m(order_id, log_partition, event_offset, status, paid, paid_with, payment_reference, payment_failure, refunded_cents,
                                     invoice_number, credit_note_number, n)
     ), folded as (
       select m.order_id, (array_agg(m.status order by m.n desc) filter (where m.status is not null))[1] as status, bool_or(m.paid) as paid,
              (array_agg(m.paid_with order by m.n desc) filter (where m.paid))[1] as paid_with,
              (array_agg(m.payment_reference order by m.n desc) filter (where m.paid))[1] as payment_reference,
              bool_or(m.paid or m.payment_failure is not null) as failure_said,
              (array_agg(m.payment_failure order by m.n desc) filter (where m.paid or m.payment_failure is not null))[1] as payment_failure,
              sum(m.refunded_cents)::bigint as refunded_cents,
              (array_agg(m.invoice_number order by m.n) filter (where m.invoice_number is not null))[1] as invoice_number,
              coalesce(array_agg(m.credit_note_number order by m.n) filter (where m.credit_note_number is not null), '{}') as credit_note_numbers,
              array_agg(m.event_offset order by m.n) as event_offsets
         from moves m join orders o on o.order_id = m.order_id and o.log_partition = m.log_partition
        where m.event_offset > o.event_offsets[cardinality(o.event_offsets)]
        group by m.order_id
     )
     update orders o set status = coalesce(folded.status, o.status), payment = o.payment or folded.paid,
            paid_with = case when folded.paid then folded.paid_with else o.paid_with end,
            payment_reference = case when folded.paid then folded.payment_reference else o.payment_reference end,
            payment_failure = case when folded.failure_said then folded.payment_failure else o.payment_failure end,
            refunded_cents = o.refunded_cents + folded.refunded_cents,
            invoice_number = coalesce(o.invoice_number, folded.invoice_number),
            credit_note_numbers = o.credit_note_numbers || folded.credit_note_numbers,
            event_offsets = o.event_offsets || folded.event_offsets
       from folded where o.order_id = folded.order_id`,
    [
      column((m) => m.orderId),
      column((m) => m.logPosition.partition),
      column((m) => m.logPosition.offset),
      column((m) => m.status),
      column((m) => m.paid),
      column((m) => settled(m)?.paidWith ?? null),
      column((m) => settled(m)?.reference ?? null),
      column((m) => (m.payment?.kind === 'failed' ? m.payment.reason : null)),
      column((m) => (m.payment?.kind === 'refunded' ? m.payment.amountCents : 0)),
      column((m) => documented(m, 'invoiced')),
      column((m) => documented(m, 'credited')),
    ],
  );
}

/** The writes of a run (runsWith): an erasure's is a statement of its own. */
type PlacedOrMoved = Extract<OrderWrite, { readonly kind: 'insertOrder' | 'moveOrder' }>;

/**
 * A run of the orders' writes, placed and moved orders mixed as the log mixes them: the inserts
 * first, then the moves. That leaves the rows as applying them in turn would: an order's moves
 * follow its OrderPlaced in its partition, and a move older than its order's row is skipped
 * (moveOrders) as it would have found no row.
 */
async function applyOrderRun(tx: SqlQueryable, writes: readonly PlacedOrMoved[]): Promise<void> {
  // One loop, not a flatMap for each kind making an array for each write (a rebuild's million orders).
  const placed: OrderRow[] = [];
  const moved: OrderMove[] = [];
  for (const write of writes) {
    if (write.kind === 'insertOrder') placed.push(write.order);
    else moved.push(write.move);
  }
  if (placed.length > 0) await insertOrders(tx, placed);
  if (moved.length > 0) await moveOrders(tx, moved);
}

const order = (orderId: string): RowKey[] => [{ table: 'orders', keyColumn: 'order_id', key: orderId }];
/** Every order of a customer. */
const ordersOf = (userId: string): RowKey[] => [{ table: 'orders', keyColumn: 'user_id', key: userId }];
/** A placed order's row and its lines' rows, all keyed by the order's id. */
const orderAndLines = (orderId: string): RowKey[] => [...order(orderId), { table: 'order_lines', keyColumn: 'order_id', key: orderId }];

/**
 * The orders' writes in SQL; every order list goes stale with them. Their table is orders: an
 * order's lines are written with it, by the same write, and no other write touches them.
 */
export const orderWrites: RowWriteHandlers<OrderWrite> = {
  insertOrder: {
    stale: [ORDERS_AREA],
    table: 'orders',
    rows: (write) => orderAndLines(write.order.orderId),
    apply: (tx, write) => insertOrders(tx, [write.order]),
    applyRun: applyOrderRun,
    runsWith: ['moveOrder'],
  },
  moveOrder: {
    stale: [ORDERS_AREA],
    table: 'orders',
    rows: (write) => order(write.move.orderId),
    apply: (tx, write) => moveOrders(tx, [write.move]),
    applyRun: applyOrderRun,
    runsWith: ['insertOrder'],
  },
  forgetCustomerOrders: {
    stale: [ORDERS_AREA],
    table: 'orders',
    rows: (write) => ordersOf(write.userId),
    async apply(tx, write) {
      // Where the customer's orders read as their OrderPlaced does once the key is destroyed
      // (contracts' forgottenValue), so that a read model built again from the log holds the same rows.
      // Their lines name products, not the customer: they stay.
      await tx.query('update orders set user_name = $2, shipping_address = $3 where user_id = $1', [
        write.userId,
        forgottenValue('userName'),
        forgottenValue('shippingAddress'),
      ]);
    },
  },
};
