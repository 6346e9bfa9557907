import { inject } from 'vitest';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { createTestDatabase, deleteTopics, uniqueTopicPrefix } from '@toolforge/platform/testing';
import { RecordProducer } from '../test/injectedEvents.js';
import { describeOperatorConsole } from './console.suite.js';

const brokers = inject('kafkaBrokers').split(',');

describeOperatorConsole('Kafka and PostgreSQL', {
  async openLog() {
    const topicPrefix = uniqueTopicPrefix('console');
    const log = await KafkaEventLog.open({ brokers, topicPrefix, transactionalId: `${topicPrefix}writer` });
    const producer = await RecordProducer.open(brokers, topicPrefix);
    return {
      log,
      inject: producer.inject,
      async close() {
        await producer.close();
        await log.close();
        await deleteTopics(brokers, topicPrefix);
      },
    };
  },
  async openSql() {
    const database = await createTestDatabase(inject('postgresUrl'));
    return { sql: database.sql, close: () => database.drop() };
  },
});
