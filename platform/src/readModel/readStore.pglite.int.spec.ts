import { openEmbeddedPostgres } from '../pglite.js';
import { describeReadStore } from './readStore.suite.js';
import { pgliteSql } from './sql.js';
import { SqlReadStore } from './sqlReadStore.js';

describeReadStore('PGlite', async () => {
  const db = await openEmbeddedPostgres(null);
  const sql = pgliteSql(db);
  return { store: await SqlReadStore.open(sql), sql, close: () => db.close() };
});
