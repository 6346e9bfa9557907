import type { PGlite, Transaction } from '@electric-sql/pglite';
import { copyBinary, UnencodableValue } from './copyBinary.js';
import { withCopyInput } from './copyInput.js';
import type { CopiedRows } from './copyRows.js';

/** What a statement answers: its rows, typed by the caller. */
export interface SqlResult<Row> {
  rows: Row[];
}

/** Runs one statement with positional parameters ($1, $2, …). */
export interface SqlQueryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
  /**
   * Appends rows with COPY, on a savepoint: true once they are in, false when COPY refused them and
   * the transaction is as it was. A transaction's, where the driver has it (PGlite). Use copyOrInsert.
   */
  copyRows?<Row>(copied: CopiedRows<Row>): Promise<boolean>;
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
          copyRows: (copied) => copyIntoPglite(db, tx, copied),
        }),
      );
    },
  };
}

async function copyIntoPglite<Row>(db: PGlite, tx: Transaction, copied: CopiedRows<Row>): Promise<boolean> {
  const bytes = copiedBytes(copied);
  return bytes !== undefined && copyBytesIntoPglite(db, tx, bytes);
}

/** The rows for COPY in its binary format, or undefined when a value cannot be written in it (copyBinary's UnencodableValue). */
export function copiedBytes<Row>({ table, columns, rows }: CopiedRows<Row>): CopiedBytes | undefined {
  try {
    return { table, columns: columns.map((column) => column.name), bytes: copyBinary(columns, rows) };
  } catch (error) {
    if (error instanceof UnencodableValue) return undefined;
    throw error;
  }
}

/** Rows for COPY in its binary format already (copyBinary): what a thread that holds the database is handed. */
export interface CopiedBytes {
  readonly table: string;
  readonly columns: readonly string[];
  readonly bytes: Uint8Array<ArrayBuffer>;
}

/**
 * COPY on a savepoint in `db`, inside its transaction `tx`, from a file in the database's memory
 * (copyInput.ts): true once the rows are in, false when COPY refused them (rolled back to the
 * savepoint). One call for the three statements: on a thread of its own
 * (projector/src/cli/threads/readModelThread.ts), three round trips to it per batch were two too many.
 */
export async function copyBytesIntoPglite(
  db: PGlite,
  tx: Pick<Transaction, 'query'>,
  { table, columns, bytes }: CopiedBytes,
): Promise<boolean> {
  return withCopyInput(db, bytes, async (path) => {
    await tx.query('savepoint copy_rows');
    try {
      await tx.query(`copy ${sqlName(table)} (${columns.map(sqlName).join(', ')}) from '${path}' with (format binary)`);
    } catch {
      await tx.query('rollback to savepoint copy_rows');
      return false;
    }
    await tx.query('release savepoint copy_rows');
    return true;
  });
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
