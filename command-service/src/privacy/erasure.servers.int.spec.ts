import { inject } from 'vitest';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { deleteTopics, uniqueTopicPrefix } from '@toolforge/platform/testing';
import { erasureSuite } from './erasure.suite.js';

const brokers = inject('kafkaBrokers').split(',');

erasureSuite('Kafka', async () => {
  const topicPrefix = uniqueTopicPrefix('erasure');
  const log = await KafkaEventLog.open({ brokers, topicPrefix, transactionalId: `${topicPrefix}command-service` });
  return {
    log,
    async close() {
      await log.close();
      await deleteTopics(brokers, topicPrefix);
    },
  };
});
