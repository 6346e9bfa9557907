import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { pgliteInjector } from '../test/injectedEvents.js';
import { describeOperatorConsole } from './console.suite.js';

describeOperatorConsole('the embedded log and read model (PGlite)', {
  async openLog() {
    const db = await openEmbeddedPostgres(null);
    return { log: await PgliteEventLog.open(db), inject: pgliteInjector(db), close: () => db.close() };
  },
  async openSql() {
    const db = await openEmbeddedPostgres(null);
    return { sql: pgliteSql(db), close: () => db.close() };
  },
});
