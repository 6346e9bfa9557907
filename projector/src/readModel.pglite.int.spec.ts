import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { describeReadModel } from './readModel.suite.js';
import { openTestReadModel } from './test/readModel.js';

describeReadModel('PGlite', async () => {
  const db = await openEmbeddedPostgres(null);
  const sql = pgliteSql(db);
  return { store: await openTestReadModel(sql), sql, close: () => db.close() };
});
