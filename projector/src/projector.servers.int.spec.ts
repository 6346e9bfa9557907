import { afterAll, inject } from 'vitest';
import { RedisCache } from '@toolforge/platform/redis';
import { createTestDatabase, deleteKeys, uniqueKeyPrefix } from '@toolforge/platform/testing';
import { describeProjector } from './projector.suite.js';
import { openKafkaTestLog } from './test/injectedEvents.js';

const brokers = inject('kafkaBrokers').split(',');
const redisUrl = inject('redisUrl');
const keyPrefixes: string[] = [];
afterAll(async () => {
  for (const prefix of keyPrefixes) await deleteKeys(redisUrl, prefix);
});

describeProjector('Kafka, PostgreSQL and Redis', {
  openLog: () => openKafkaTestLog(brokers, 'projector'),
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
