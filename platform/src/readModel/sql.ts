import type { PGlite, Transaction } from '@electric-sql/pglite';
import { copyCsv, type CopiedRows } from './copyRows.js';

/** What a statement answers: its rows, typed by the caller. */
export interface SqlResult<Row> {
  rows: Row[];
}

/** Runs one statement with positional parameters ($1, $2, …). */
export interface SqlQueryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
  /** Appends rows with COPY: a transaction's, where the driver has it (PGlite). Use copyOrInsert. */
  copyRows?(copied: CopiedRows): Promise<void>;
}

/**
 * The little of a Postgres driver the read model needs: statements, and transactions that commit
 * when `work` resolves and roll back when it throws. PGlite satisfies it here; a `pg` Pool
 * (BEGIN/COMMIT on one pooled client) satisfies it for the services mode. Statements inside `work`
 * go through its `tx`, never the executor itself.
 */
export interface SqlExecutor extends SqlQueryable {
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
}

/** The embedded Postgres as an executor. PGlite queues a statement behind an open transaction. */
export function pgliteSql(db: PGlite): SqlExecutor {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<Row>(sql, [...params]);
      return { rows: result.rows };
    },
    transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      return db.transaction((tx) =>
        work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            const result = await tx.query<Row>(sql, [...params]);
            return { rows: result.rows };
          },
          copyRows: (copied) => copyIntoPglite(tx, copied),
        }),
      );
    },
  };
}

async function copyIntoPglite(tx: Transaction, { table, columns, rows }: CopiedRows): Promise<void> {
  await copyCsvIntoPglite(tx, { table, columns, csv: copyCsv(rows) });
}

/** Rows for COPY as CSV already (copyCsv), text or its UTF-8 bytes: what a thread that holds the database is handed. */
export interface CopiedCsv {
  readonly table: string;
  readonly columns: readonly string[];
  readonly csv: string | Uint8Array<ArrayBuffer>;
}

/** PGlite's COPY reads its input from a blob it is handed as the file /dev/blob. */
export async function copyCsvIntoPglite(tx: Pick<Transaction, 'query'>, { table, columns, csv }: CopiedCsv): Promise<void> {
  const statement = `copy ${sqlName(table)} (${columns.map(sqlName).join(', ')}) from '/dev/blob' with (format csv)`;
  await tx.query(statement, [], { blob: new Blob([csv]) });
}

/** A plain name of the read model's (a schema, table or column) as SQL: only such names, so quoting cannot be escaped. */
export function sqlName(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a name the read model uses`);
  return `"${name}"`;
}

/** A timestamptz as ISO text: drivers hand it back as a Date or a string. */
export function isoTime(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}
