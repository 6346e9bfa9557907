import type { CopiedColumn, CopyValue } from './copyBinary.js';
import type { SqlQueryable } from './sql.js';

/** Rows for COPY: the columns they fill, in order, each with how a row gives its value. */
export interface CopiedRows<Row> {
  readonly table: string;
  readonly columns: readonly CopiedColumn<Row>[];
  readonly rows: readonly Row[];
}

/**
 * The rows' values in the first `count` columns, column by column: the arrays an
 * `insert … select from unnest(…)` takes, for the insert that copyOrInsert falls back on.
 */
export function rowColumns<Row>({ columns, rows }: CopiedRows<Row>, count = columns.length): CopyValue[][] {
  return columns.slice(0, count).map((column) => rows.map(column.of));
}

/** The columns' names as a statement lists them: `a, b, c`. */
export function columnNames<Row>(columns: readonly CopiedColumn<Row>[]): string {
  return columns.map((column) => column.name).join(', ');
}

/**
 * The arrays `unnest(…)` takes for these columns, as parameters typed as the columns are:
 * `$1::text[], $2::integer[], …`, numbered from `first` when other parameters come before them.
 */
export function unnestArrays<Row>(columns: readonly CopiedColumn<Row>[], first = 1): string {
  return columns.map((column, index) => `$${first + index}::${column.type}[]`).join(', ');
}

/**
 * Appends rows with COPY where the transaction's driver has it (copyRows), and otherwise, or when COPY
 * refuses them (a key already taken, a value its column refuses or its type cannot hold), with
 * `insert`: the statement that decides what such rows mean (skips them, or fails as the projector
 * expects). COPY reads the rows as one input, in binary (copyBinary.ts), and skips an insert's
 * per-parameter parsing: already as CSV, orders went into PGlite in batches faster than from
 * fourteen arrays (bench-results/2026-11-26.md#the-rebuild-measured-alone). The driver tries it on
 * a savepoint, so a refused COPY leaves the
 * transaction as it was; `tx` must be a transaction's.
 */
export async function copyOrInsert<Row>(tx: SqlQueryable, copied: CopiedRows<Row>, insert: () => Promise<void>): Promise<void> {
  if (!tx.copyRows || copied.rows.length === 0) return insert();
  if (!(await tx.copyRows(copied))) await insert();
}
