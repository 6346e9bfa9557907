import type { Admin } from 'kafkajs';
import { ALL_TOPICS } from '@toolforge/contracts';
import type { LogIdentity, PartitionEnd } from '../sql/readStore.js';
import { kafkaClient, type KafkaConnection } from './kafkaClient.js';
import { DEFAULT_PARTITIONS, TopicNames, ensureTopics } from './kafkaTopics.js';

/**
 * Which log the shop's topics on this cluster are: the cluster's id and the topic names, and where
 * each partition ends. kafkajs 2.2.4 speaks Metadata up to v6 and topic ids came with v10, so a
 * topic deleted and created again under the same name has the same identity; its partitions then
 * end below the read model's checkpoints (until the new topic outgrows them), which the read model
 * checks too.
 */
export async function readKafkaLogIdentity(admin: Admin, names: TopicNames): Promise<LogIdentity> {
  const { clusterId } = await admin.describeCluster();
  const ends: PartitionEnd[] = [];
  for (const topic of ALL_TOPICS) {
    for (const { partition, high } of await admin.fetchTopicOffsets(names.onBroker(topic))) {
      ends.push({ topic, partition, end: Number(high) });
    }
  }
  return { logId: `Kafka cluster ${clusterId}, topics ${names.all().join(', ')}`, ends };
}

/** Creates the shop's topics if missing, then says which log they are (for a projector before it joins its group). */
export async function identifyKafkaLog(connection: KafkaConnection & { topicPrefix?: string }): Promise<LogIdentity> {
  const names = new TopicNames(connection.topicPrefix);
  const admin = kafkaClient(connection).admin();
  await admin.connect();
  try {
    await ensureTopics(admin, names, DEFAULT_PARTITIONS);
    return await readKafkaLogIdentity(admin, names);
  } finally {
    await admin.disconnect();
  }
}
