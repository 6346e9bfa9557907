import { afterAll, beforeAll } from 'vitest';
import type { StoredEvent } from '@toolforge/platform';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { project } from '../projection.js';
import { READ_MODEL_TABLES, migrateReadModel } from '../readModel.js';
import { applyRowWrites } from '../rowWrites.js';

/**
 * One in-memory read model (PGlite) for a spec file, migrated once before its tests (migrating takes
 * seconds) and closed after them. `emptied` hands it to a test with every table emptied, as a
 * rebuild finds it.
 */
export function useEmptiedReadModel(): { emptied: () => Promise<SqlExecutor> } {
  let db: Awaited<ReturnType<typeof openEmbeddedPostgres>>;
  let migrated: SqlExecutor;
  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
    migrated = pgliteSql(db);
    await migrateReadModel(migrated);
  });
  afterAll(() => db.close());
  return {
    emptied: async () => {
      await migrated.query(`truncate ${READ_MODEL_TABLES.join(', ')}`);
      return migrated;
    },
  };
}

/** Projects the events in the order given, one transaction each, as the projector applies them one by one. */
export async function projectOneByOne(sql: SqlExecutor, events: readonly StoredEvent[]): Promise<void> {
  for (const event of events) await sql.transaction((tx) => applyRowWrites(tx, project(event)));
}
