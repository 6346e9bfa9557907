import type { Admin } from 'kafkajs';
import type { Topic } from '@toolforge/contracts';
import { kafkaClient, type KafkaConnection } from './kafkaClient.js';
import type { LogEndSource } from '../eventLog/logEnd.js';
import { TopicNames } from './kafkaTopics.js';

/**
 * The ends of the shop's topics on Kafka: each partition's high watermark, through a kafkajs admin
 * client. A query service reads them to refuse read-your-writes positions the log has not reached;
 * the same request also tells whether the brokers answer.
 */
export class KafkaLogEnds implements LogEndSource {
  constructor(
    private readonly admin: Admin,
    private readonly names: TopicNames,
  ) {}

  /** With an admin client of its own, connected here; close() disconnects it. */
  static async open(options: KafkaConnection & { topicPrefix?: string }): Promise<KafkaLogEnds> {
    const admin = kafkaClient(options).admin();
    await admin.connect();
    return new KafkaLogEnds(admin, new TopicNames(options.topicPrefix));
  }

  async endOffsets(topic: Topic): Promise<ReadonlyMap<number, number>> {
    const partitions = await this.admin.fetchTopicOffsets(this.names.onBroker(topic));
    return new Map(partitions.map((entry) => [entry.partition, Number(entry.high)]));
  }

  close(): Promise<void> {
    return this.admin.disconnect();
  }
}
