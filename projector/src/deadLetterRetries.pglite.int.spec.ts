import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { describeDeadLetterRetries } from './deadLetterRetries.suite.js';

describeDeadLetterRetries('PGlite', async () => {
  const db = await openEmbeddedPostgres(null);
  return { sql: pgliteSql(db), close: () => db.close() };
});
