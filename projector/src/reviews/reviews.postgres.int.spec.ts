import { inject } from 'vitest';
import { createTestDatabase } from '@toolforge/platform/testing';
import { openTestReadModel } from '../test/readModel.js';
import { describeReviewsReadModel } from './reviews.suite.js';

describeReviewsReadModel('PostgreSQL (pg pool)', async () => {
  const database = await createTestDatabase(inject('postgresUrl'));
  return { store: await openTestReadModel(database.sql), sql: database.sql, close: () => database.drop() };
});
