import { inject } from 'vitest';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { createTestDatabase } from '@toolforge/platform/testing';

/** A fresh, empty database for a read model under test, and how to throw it away. */
export interface OpenedDatabase {
  sql: SqlExecutor;
  close(): Promise<unknown>;
}

/**
 * Both databases a read model runs on, for `describe.each`: PGlite (embedded) and PostgreSQL
 * (services mode), where what the database writes (JSON, numbers, times) must come out the same.
 */
export const readModelDatabases: [string, () => Promise<OpenedDatabase>][] = [
  [
    'PGlite',
    async () => {
      const db = await openEmbeddedPostgres(null);
      return { sql: pgliteSql(db), close: () => db.close() };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const database = await createTestDatabase(inject('postgresUrl'));
      return { sql: database.sql, close: () => database.drop() };
    },
  ],
];
