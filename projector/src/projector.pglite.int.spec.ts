import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import type { EmbeddedPostgres as PGlite } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { afterAll } from 'vitest';
import { describeProjector } from './projector.suite.js';
import { pgliteInjector } from './test/injectedEvents.js';

// Starting a PGlite costs seconds; the tests borrow databases and hand them back emptied.
const idle: PGlite[] = [];
async function borrow(): Promise<{ db: PGlite; close: () => Promise<void> }> {
  const db = idle.pop() ?? (await openEmbeddedPostgres(null));
  return {
    db,
    async close() {
      await db.exec('drop schema public cascade; create schema public;');
      idle.push(db);
    },
  };
}
afterAll(async () => {
  await Promise.all(idle.splice(0).map((db) => db.close()));
});

describeProjector('the embedded log and read model (PGlite)', {
  async openLog() {
    const { db, close } = await borrow();
    return { log: await PgliteEventLog.open(db), inject: pgliteInjector(db), close };
  },
  async openSql() {
    const { db, close } = await borrow();
    return { sql: pgliteSql(db), close };
  },
});
