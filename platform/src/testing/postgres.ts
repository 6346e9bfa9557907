import pg from 'pg';
import { openPostgresPool, pgSql } from '../postgres/pgExecutor.js';
import type { SqlExecutor } from '../sql/sql.js';

export interface TestDatabase {
  /** Its DATABASE_URL, for a service process. */
  readonly url: string;
  readonly pool: pg.Pool;
  readonly sql: SqlExecutor;
  /** Closes the pool and drops the database, whoever is still connected. */
  drop(): Promise<void>;
}

/** The URL of another database on the same server. */
function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (serverUrl's own database). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database no other test uses, on the PostgreSQL server at serverUrl. */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `toolforge_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const pool = openPostgresPool(url, { max: 4 });
  let dropped: Promise<void> | undefined;
  return {
    url,
    pool,
    sql: pgSql(pool),
    drop() {
      dropped ??= (async () => {
        await pool.end();
        await onServer(serverUrl, `drop database if exists ${name} with (force)`);
      })();
      return dropped;
    },
  };
}
