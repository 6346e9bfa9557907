import { inject } from 'vitest';
import { createTestDatabase } from '@toolforge/platform/testing';
import { openKafkaTestLog } from '../test/injectedEvents.js';
import { describeOperatorConsole } from './console.suite.js';

const brokers = inject('kafkaBrokers').split(',');

describeOperatorConsole('Kafka and PostgreSQL', {
  openLog: () => openKafkaTestLog(brokers, 'console'),
  async openSql() {
    const database = await createTestDatabase(inject('postgresUrl'));
    return { sql: database.sql, close: () => database.drop() };
  },
});
