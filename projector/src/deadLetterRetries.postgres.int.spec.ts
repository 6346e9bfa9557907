import { inject } from 'vitest';
import { createTestDatabase } from '@toolforge/platform/testing';
import { describeDeadLetterRetries } from './deadLetterRetries.suite.js';

describeDeadLetterRetries('PostgreSQL', async () => {
  const database = await createTestDatabase(inject('postgresUrl'));
  return { sql: database.sql, close: () => database.drop() };
});
