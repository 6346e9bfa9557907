import type { OrderStatus } from '@toolforge/contracts';
import { columnNames, copyOrInsert, rowColumns, unnestArrays, type CopiedColumn, type SqlQueryable } from '@toolforge/platform/sql';
import type { RowKey, RowWriteHandlers } from '../feature.js';

/** An order as the report counts it when placed (migrations/016-sales-orders.ts). */
export interface SalesOrderRow {
  readonly orderId: string;
  readonly userId: string;
  readonly placedAt: string;
  readonly status: OrderStatus;
  readonly quantity: number;
  readonly totalCents: number;
  /** The offset of its OrderPlaced: the later events of its stream come after it. */
  readonly offset: number;
}

/** One line of a placed order: its product, quantity and share of the order's total (totalShares). */
export interface SalesLineRow {
  readonly orderId: string;
  readonly lineNo: number;
  readonly productId: string;
  readonly quantity: number;
  readonly shareCents: number;
}

/**
 * A later event of an order's stream, as the report counts it: the status it moves the order to
 * (null for a payment's event), the money it captured or refunded, and its offset.
 */
export interface SalesOrderMove {
  readonly orderId: string;
  readonly status: OrderStatus | null;
  /** Captured by it; null: the order's total (an OrderPaid from before the shop said how much). */
  readonly paidCents: number | null;
  readonly refundedCents: number;
  readonly offset: number;
}

export type SalesWrite =
  | { readonly kind: 'placeSalesOrder'; readonly order: SalesOrderRow }
  | { readonly kind: 'moveSalesOrder'; readonly move: SalesOrderMove }
  | { readonly kind: 'placeSalesLines'; readonly lines: readonly SalesLineRow[] };

const ORDER_COLUMNS: readonly CopiedColumn<SalesOrderRow>[] = [
  { name: 'order_id', type: 'text', of: (o) => o.orderId },
  { name: 'user_id', type: 'text', of: (o) => o.userId },
  { name: 'placed_at', type: 'timestamptz', of: (o) => o.placedAt },
  { name: 'status', type: 'text', of: (o) => o.status },
  { name: 'quantity', type: 'integer', of: (o) => o.quantity },
  { name: 'total_cents', type: 'bigint', of: (o) => o.totalCents },
  { name: 'paid_cents', type: 'bigint', of: () => 0 },
  { name: 'refunded_cents', type: 'bigint', of: () => 0 },
  { name: 'last_offset', type: 'bigint', of: (o) => o.offset },
];

const LINE_COLUMNS: readonly CopiedColumn<SalesLineRow>[] = [
  { name: 'order_id', type: 'text', of: (l) => l.orderId },
  { name: 'line_no', type: 'integer', of: (l) => l.lineNo },
  { name: 'product_id', type: 'text', of: (l) => l.productId },
  { name: 'quantity', type: 'integer', of: (l) => l.quantity },
  { name: 'share_cents', type: 'bigint', of: (l) => l.shareCents },
];

/**
 * Inserts rows in one statement (COPY where the database has it), keeping a row whose key is
 * already taken, or taken twice in the run, as the first one that took it: an order is placed once.
 */
async function insertRows<Row>(tx: SqlQueryable, table: string, columns: readonly CopiedColumn<Row>[], rows: readonly Row[]) {
  const copied = { table, columns, rows };
  const names = columnNames(columns);
  await copyOrInsert(tx, copied, async () => {
    await tx.query(
      `insert into ${table} (${names})
       select ${names} from unnest(${unnestArrays(columns)}) with ordinality as r(${names}, n) order by n
       on conflict do nothing`,
      rowColumns(copied),
    );
  });
}

/**
 * Moves orders on in one statement: each order's moves of the run folded (its last status, the
 * money summed), only those after the last event its row applied, so a move delivered again counts
 * once. A move of an order never placed finds no row and moves nothing, as the audit ignores it.
 */
async function moveSalesOrders(tx: SqlQueryable, moves: readonly SalesOrderMove[]): Promise<void> {
  await tx.query(
    `update sales_orders o
        set status = coalesce(f.status, o.status), paid_cents = o.paid_cents + f.paid_cents,
            refunded_cents = o.refunded_cents + f.refunded_cents, last_offset = f.last_offset
       from (select m.order_id,
                    (array_agg(m.status order by m.event_offset desc) filter (where m.status is not null))[1] as status,
                    sum(coalesce(m.paid_cents, kept.total_cents)) as paid_cents, sum(m.refunded_cents) as refunded_cents,
                    max(m.event_offset) as last_offset
               from unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[])
                    as m(order_id, status, paid_cents, refunded_cents, event_offset)
               join sales_orders kept on kept.order_id = m.order_id
              where m.event_offset > kept.last_offset
              group by m.order_id) f
      where o.order_id = f.order_id`,
    [
      moves.map((m) => m.orderId),
      moves.map((m) => m.status),
      moves.map((m) => m.paidCents),
      moves.map((m) => m.refundedCents),
      moves.map((m) => m.offset),
    ],
  );
}

type OrderKind = Extract<SalesWrite, { readonly kind: 'placeSalesOrder' | 'moveSalesOrder' }>;

/**
 * A run of placements and moves, in two statements: the placements first, as every move of an order
 * comes after its placement in the log.
 */
async function applyOrderRun(tx: SqlQueryable, writes: readonly OrderKind[]): Promise<void> {
  const placed: SalesOrderRow[] = [];
  const moved: SalesOrderMove[] = [];
  for (const write of writes) {
    if (write.kind === 'placeSalesOrder') placed.push(write.order);
    else moved.push(write.move);
  }
  if (placed.length > 0) await insertRows(tx, 'sales_orders', ORDER_COLUMNS, placed);
  if (moved.length > 0) await moveSalesOrders(tx, moved);
}

const orderRow = (orderId: string): RowKey[] => [{ table: 'sales_orders', keyColumn: 'order_id', key: orderId }];

/** How each of the report's writes is applied. No cache area: the report is never cached. */
export const salesWrites: RowWriteHandlers<SalesWrite> = {
  placeSalesOrder: {
    stale: [],
    table: 'sales_orders',
    rows: (write) => orderRow(write.order.orderId),
    apply: (tx, write) => applyOrderRun(tx, [write]),
    applyRun: applyOrderRun,
    runsWith: ['moveSalesOrder'],
  },
  moveSalesOrder: {
    stale: [],
    table: 'sales_orders',
    rows: (write) => orderRow(write.move.orderId),
    apply: (tx, write) => applyOrderRun(tx, [write]),
    applyRun: applyOrderRun,
    runsWith: ['placeSalesOrder'],
  },
  placeSalesLines: {
    stale: [],
    table: 'sales_order_lines',
    rows: (write) => [{ table: 'sales_order_lines', keyColumn: 'order_id', key: write.lines[0]!.orderId }],
    apply: (tx, write) => insertRows(tx, 'sales_order_lines', LINE_COLUMNS, write.lines),
    applyRun: (tx, writes) =>
      insertRows(
        tx,
        'sales_order_lines',
        LINE_COLUMNS,
        writes.flatMap((write) => write.lines),
      ),
  },
};
