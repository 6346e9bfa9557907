import { afterAll, inject } from 'vitest';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { RedisCache } from '@toolforge/platform/redis';
import { createTestDatabase, deleteKeys, deleteTopics, uniqueKeyPrefix, uniqueTopicPrefix } from '@toolforge/platform/testing';
import { describeProjector } from './projector.suite.js';
import { RecordProducer } from './test/injectedEvents.js';

const brokers = inject('kafkaBrokers').split(',');
const redisUrl = inject('redisUrl');
const keyPrefixes: string[] = [];
afterAll(async () => {
  for (const prefix of keyPrefixes) await deleteKeys(redisUrl, prefix);
});

describeProjector('Kafka, PostgreSQL and Redis', {
  async openLog() {
    const topicPrefix = uniqueTopicPrefix('projector');
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
  async openCache() {
    const keyPrefix = uniqueKeyPrefix('projector');
    keyPrefixes.push(keyPrefix);
    const cache = RedisCache.open({ url: redisUrl, keyPrefix });
    await cache.waitUntilReady(5000);
    return { cache, close: () => cache.close() };
  },
});
