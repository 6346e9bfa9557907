import { createHash } from 'node:crypto';
import pg from 'pg';
import type { SqlExecutor, SqlQueryable } from '../sql/sql.js';

export interface PostgresPoolOptions {
  /** Connections at most; the projector needs one, the query service a few. */
  max?: number;
  /** A server that does not answer fails the statement instead of holding a request forever. */
  connectionTimeoutMs?: number;
  /** Told about a pooled connection that broke while idle (the server restarted, say). */
  onIdleError?: (error: Error) => void;
}

/**
 * A pool of connections to a PostgreSQL server (DATABASE_URL, services mode). An idle connection
 * that breaks emits 'error' on the pool; unhandled, that would end the process, so it is reported
 * and the pool opens a new connection on the next statement.
 */
export function openPostgresPool(connectionString: string, options: PostgresPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    application_name: 'toolforge',
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}

export interface PgSqlOptions {
  /**
   * Statements with parameters run as named prepared statements: each connection parses and plans
   * one the first time and only binds it after that (measured on a product read by id: clearly more
   * statements a second). For a reader whose statements are a fixed set of texts, as the query
   * service's are: each distinct text is one statement kept on every connection. The tables read
   * may be replaced (a rebuild's switch) but keep their column types; PostgreSQL plans a statement
   * again when a table it reads changed.
   */
  prepared?: boolean;
}

/** A statement's name on the server: the same for the same text, and nothing else. */
function statementName(names: Map<string, string>, text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `toolforge_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The read model's SqlExecutor on a `pg` Pool: a statement borrows any connection; a transaction
 * keeps one connection from BEGIN to COMMIT (or ROLLBACK), as Postgres requires.
 */
export function pgSql(pool: pg.Pool, options: PgSqlOptions = {}): SqlExecutor {
  const names = new Map<string, string>();
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result =
        options.prepared && params.length > 0
          ? await pool.query({ name: statementName(names, sql), text: sql, values: [...params] })
          : await pool.query(sql, [...params]);
      return { rows: result.rows as Row[] };
    },
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      // The transaction's statements in the order they are sent: its work may send one before the
      // answer to the last is back (SqlProjectionStore's batches do), and each waits here for the one
      // before, as the driver's own queue would (deprecated in pg 8, gone in 9).
      let previous: Promise<unknown> = Promise.resolve();
      try {
        await client.query('begin');
        const tx: SqlQueryable = {
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            const result = previous.then(() => client.query(sql, [...params]));
            previous = result.catch(() => undefined);
            return { rows: (await result).rows as Row[] };
          },
        };
        const result = await work(tx);
        await previous;
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await previous;
          await client.query('rollback');
        } catch (rollbackFailed) {
          // The connection itself is gone: the pool must not hand it out again.
          broken = rollbackFailed instanceof Error ? rollbackFailed : new Error(String(rollbackFailed));
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}
