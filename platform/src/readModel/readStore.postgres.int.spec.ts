import { inject } from 'vitest';
import { createTestDatabase } from '../testing/postgres.js';
import { describeReadStore } from './readStore.suite.js';
import { SqlReadStore } from './sqlReadStore.js';

describeReadStore('PostgreSQL (pg pool)', async () => {
  const database = await createTestDatabase(inject('postgresUrl'));
  return { store: await SqlReadStore.open(database.sql), sql: database.sql, close: () => database.drop() };
});
