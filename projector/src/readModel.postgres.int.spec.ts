import { inject } from 'vitest';
import { createTestDatabase } from '@toolforge/platform/testing';
import { describeReadModel } from './readModel.suite.js';
import { openTestReadModel } from './test/readModel.js';

describeReadModel('PostgreSQL (pg pool)', async () => {
  const database = await createTestDatabase(inject('postgresUrl'));
  return { store: await openTestReadModel(database.sql), sql: database.sql, close: () => database.drop() };
});
