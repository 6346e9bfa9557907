import type { LogPosition, StockChangeType } from '@toolforge/contracts';
import type { SqlQueryable } from '@toolforge/platform/sql';
import type { RowKey, RowWriteHandlers } from '../feature.js';

/** One change of a product's stock as product_stock_changes keeps it (migrations/015-product-stock-changes.ts), but the figures after it. */
export interface StockChangeRow {
  readonly productId: string;
  readonly occurredAt: string;
  readonly eventId: string;
  readonly position: LogPosition;
  readonly eventType: Exclude<StockChangeType, 'BroughtForward'>;
  readonly orderId: string | null;
  readonly onHandDelta: number;
  readonly reservedDelta: number;
}

export interface StockHistoryWrite {
  readonly kind: 'recordStockChange';
  readonly change: StockChangeRow;
}

/** The changes' columns but the figures after them, in the order the statement below names them. */
const COLUMNS = [
  'product_id',
  'occurred_at',
  'event_id',
  'log_topic',
  'log_partition',
  'log_offset',
  'event_type',
  'order_id',
  'on_hand_delta',
  'reserved_delta',
] as const;
const columns = (alias: string) => COLUMNS.map((column) => `${alias}.${column}`).join(', ');

/** Any constant: the first key of the advisory locks that make one transaction at a time change a product's history. */
const HISTORY_LOCK = 51_750_015;

/**
 * The locks a schema's histories share, a product's history taking one of them (by its id's hash):
 * a lock per product would take an entry of the server's lock table for each product of a batch
 * (a rebuild's hold 5,000 events, three lanes at once), a table every connection shares, 64 entries
 * a connection by default.
 */
const HISTORY_LOCKS = 64;

/**
 * Takes the locks of the products' histories, in the order of their keys: batches applied side by
 * side (a rebuild's lanes, projectors of other partitions) then wait for each other rather than
 * deadlock. Keyed by the schema too, so a rebuild's build (its own schema) never waits for the
 * serving read model's projector. A statement of its own, before the one that reads the history: in
 * READ COMMITTED that one then sees what the transaction it waited for committed.
 */
async function lockHistories(tx: SqlQueryable, productIds: readonly string[]): Promise<void> {
  await tx.query(
    `select pg_advisory_xact_lock($1, key)
       from (select distinct hashtext(current_schema() || '/' || (hashtext(product_id) & $3)) as key
               from unnest($2::text[]) as product_id order by key) as keys`,
    [HISTORY_LOCK, [...new Set(productIds)], HISTORY_LOCKS - 1],
  );
}

/**
 * Records changes in one statement, and keeps every product's figures after each change the running
 * sums of its changes in their order (occurred_at, then event_id), whichever is applied first: the
 * catalogue's and the orders' topics are applied in no fixed order between them, and a rebuild's
 * lanes apply an order's partition beside another's. Each product's new changes are summed from the
 * figures of the change before its earliest one; its changes after that one, already kept, are
 * summed again and written only where their figures moved (as a rule none: changes come in their
 * order). A change already kept, or twice in the run, is kept once. Event ids compare byte by byte
 * here too, as the column does (migrations/015-product-stock-changes.ts). The write reads only its
 * own table (feature.ts: writes to different tables commute).
 */
async function recordStockChanges(tx: SqlQueryable, writes: readonly StockHistoryWrite[]): Promise<void> {
  const column = <Value>(value: (change: StockChangeRow) => Value) => writes.map((write) => value(write.change));
  await lockHistories(
    tx,
    writes.map((write) => write.change.productId),
  );
  await tx.query(
    `with run as (
       select * from unnest($1::text[], $2::timestamptz[], $3::text[] collate "C", $4::text[], $5::integer[], $6::bigint[],
                            $7::text[], $8::text[], $9::integer[], $10::integer[])
                with ordinality as r(${COLUMNS.join(', ')}, n)
     ), fresh as (
       select distinct on (r.product_id, r.occurred_at, r.event_id) ${columns('r')} from run r
        where not exists (
          select 1 from product_stock_changes kept
           where kept.product_id = r.product_id and kept.occurred_at = r.occurred_at and kept.event_id = r.event_id)
        order by r.product_id, r.occurred_at, r.event_id, r.n
     ), opening as (
       select e.product_id, e.occurred_at, e.event_id,
              coalesce(before.on_hand_after, 0) as on_hand, coalesce(before.reserved_after, 0) as reserved
         from (select distinct on (product_id) product_id, occurred_at, event_id from fresh order by product_id, occurred_at, event_id) e
         left join lateral (
           select kept.on_hand_after, kept.reserved_after from product_stock_changes kept
            where kept.product_id = e.product_id and (kept.occurred_at, kept.event_id) < (e.occurred_at, e.event_id)
            order by kept.occurred_at desc, kept.event_id desc limit 1
         ) before on true
     ), moved as (
       select ${columns('f')} from fresh f
       union all
       select ${columns('kept')} from product_stock_changes kept join opening o on kept.product_id = o.product_id
        where (kept.occurred_at, kept.event_id) > (o.occurred_at, o.event_id)
     )
     insert into product_stock_changes as c (${COLUMNS.join(', ')}, on_hand_after, reserved_after)
     select ${columns('m')}, o.on_hand + sum(m.on_hand_delta) over running, o.reserved + sum(m.reserved_delta) over running
       from moved m join opening o on o.product_id = m.product_id
     window running as (partition by m.product_id order by m.occurred_at, m.event_id rows unbounded preceding)
     on conflict (product_id, occurred_at, event_id) do update
        set on_hand_after = excluded.on_hand_after, reserved_after = excluded.reserved_after
      where (c.on_hand_after, c.reserved_after) is distinct from (excluded.on_hand_after, excluded.reserved_after)`,
    [
      column((c) => c.productId),
      column((c) => c.occurredAt),
      column((c) => c.eventId),
      column((c) => c.position.topic),
      column((c) => c.position.partition),
      column((c) => c.position.offset),
      column((c) => c.eventType),
      column((c) => c.orderId),
      column((c) => c.onHandDelta),
      column((c) => c.reservedDelta),
    ],
  );
}

/** Every change of a product: a replay compares and repairs its history whole (each change's figures depend on those before). */
const historyOf = (productId: string): RowKey => ({ table: 'product_stock_changes', keyColumn: 'product_id', key: productId });

/** The stock history's writes in SQL. No cached answer goes stale with them: the history is read afresh each time (query-service/src/stockHistory). */
export const stockHistoryWrites: RowWriteHandlers<StockHistoryWrite> = {
  recordStockChange: {
    stale: [],
    table: 'product_stock_changes',
    rows: (write) => [historyOf(write.change.productId)],
    apply: (tx, write) => recordStockChanges(tx, [write]),
    applyRun: recordStockChanges,
  },
};
