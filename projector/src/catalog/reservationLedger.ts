import { copyOrInsert, rowColumns, sqlName, type SqlExecutor, type SqlQueryable } from '@toolforge/platform';
import type { RowWriteHandler } from '../readModelWrites.js';
import { reservationHandler, type CatalogueWrite } from './writes.js';

/**
 * A build's reservations (rebuild.ts), kept apart from `product_reservations` until the log is read:
 * each batch appends its sums per product to this table, which has no key, and foldReservations adds
 * them up into the counters once. Kept up to date batch by batch, each of a million orders updated
 * its product's counter in place (an index lookup and a new row version, ten times per product): 18 s
 * of a 76 s rebuild of a million orders on PGlite, where appending and folding once take a few.
 * The ledger is a table, not a sum kept in memory, so that its rows stay in their batch's
 * transaction: an event set aside (a dead letter) takes its reservation with it.
 */
export const RESERVATION_LEDGER = 'product_reservation_entries';

type ReserveStock = Extract<CatalogueWrite, { readonly kind: 'reserveStock' }>;

/** The ledger, in the schema `sql` writes to. Unlogged: a build cut short is dropped and made again. */
export async function openReservationLedger(sql: SqlQueryable): Promise<void> {
  await sql.query(`create unlogged table if not exists ${RESERVATION_LEDGER} (product_id text not null, reserved integer not null)`);
}

/** Appends a run's reservations, summed per product (a cancelled order's negative among them). */
async function appendReservations(tx: SqlQueryable, writes: readonly ReserveStock[]): Promise<void> {
  const sums = new Map<string, number>();
  for (const write of writes) sums.set(write.productId, (sums.get(write.productId) ?? 0) + write.quantity);
  const copied = { table: RESERVATION_LEDGER, columns: ['product_id', 'reserved'], rows: [...sums] };
  await copyOrInsert(tx, copied, async () => {
    await tx.query(
      `insert into ${RESERVATION_LEDGER} (product_id, reserved) select * from unnest($1::text[], $2::integer[])`,
      rowColumns(copied.rows, 2),
    );
  });
}

/** reserveStock as a build applies it: into the ledger. */
export const ledgerReservations: RowWriteHandler<ReserveStock> = {
  ...reservationHandler,
  table: RESERVATION_LEDGER,
  apply: (tx, write) => appendReservations(tx, [write]),
  applyRun: appendReservations,
};

/**
 * Adds what the ledger holds to the products' counters and empties it, in one transaction: after
 * each pass over the log, so that the counters are whole before the build's indexes and its switch.
 */
export async function foldReservations(sql: SqlExecutor): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query(
      `insert into product_reservations (product_id, reserved)
       select product_id, sum(reserved)::integer from ${RESERVATION_LEDGER} group by product_id
       on conflict (product_id) do update set reserved = product_reservations.reserved + excluded.reserved`,
    );
    await tx.query(`truncate ${RESERVATION_LEDGER}`);
  });
}

/** Drops the build's ledger in `schema`, folded, so that the switch moves only the read model's tables. */
export async function dropReservationLedger(sql: SqlQueryable, schema: string): Promise<void> {
  await sql.query(`drop table if exists ${sqlName(schema)}.${RESERVATION_LEDGER}`);
}
