import type { SqlExecutor, SqlProjectionStore, SqlQueryable } from '@toolforge/platform/sql';
import { READ_MODEL_TABLES, openReadModel, type ReadModelReader, type RowWrite } from '@toolforge/read-model';
import { openProjectorStore } from '../projectorStore.js';

/** The whole read model on one database, as the tests look at it: the projector's store and the query side's reads. */
export type TestReadModel = SqlProjectionStore<RowWrite> & ReadModelReader;

/** Opens both sides of the read model on `sql` (migrating it), as one object. */
export async function openTestReadModel(sql: SqlExecutor): Promise<TestReadModel> {
  const store = await openProjectorStore(sql);
  return Object.assign(store, await openReadModel(sql));
}

/** The read model's tables, each with the columns that order its rows. */
const TABLES = {
  products: 'product_id',
  product_reservations: 'product_id',
  orders: 'order_id',
  order_lines: 'order_id, line_no',
  users: 'uid',
  reviews: 'review_id',
  product_ratings: 'product_id',
  product_stock_changes: 'product_id, occurred_at, event_id',
  sales_orders: 'order_id',
  sales_order_lines: 'order_id, line_no',
  projection_checkpoints: 'topic, partition',
} as const;

export type ReadModelDump = Record<keyof typeof TABLES, Record<string, unknown>[]>;

/**
 * Every row of the read model, in a fixed order and with driver-neutral values (numbers for
 * bigint, ISO text for timestamps, arrays element by element), so two read models compare with toEqual.
 */
export async function dumpReadModel(sql: SqlQueryable): Promise<ReadModelDump> {
  const dump = {} as ReadModelDump;
  for (const [table, orderBy] of Object.entries(TABLES) as [keyof typeof TABLES, string][]) {
    const result = await sql.query(`select * from ${table} order by ${orderBy}`);
    dump[table] = result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, neutral(value)])));
  }
  return dump;
}

/** Empties the read model between tests that share one database. */
export async function truncateReadModel(sql: SqlQueryable): Promise<void> {
  await sql.query(`truncate ${READ_MODEL_TABLES.join(', ')}`);
}

function neutral(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(neutral);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value;
}
