import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { openTestReadModel } from '../test/readModel.js';
import { describeReviewsReadModel } from './reviews.suite.js';

describeReviewsReadModel('PGlite', async () => {
  const db = await openEmbeddedPostgres(null);
  const sql = pgliteSql(db);
  return { store: await openTestReadModel(sql), sql, close: () => db.close() };
});
