import { Kafka, Partitioners, logLevel, type Producer } from 'kafkajs';
import type { Topic } from '@toolforge/contracts';
import { readKafkaSecurity } from '@toolforge/platform';
import { HEADERS, KafkaEventLog, TopicNames, kafkaSignIn } from '@toolforge/platform/kafka';
import { deleteTopics, uniqueTopicPrefix } from '@toolforge/platform/testing';
import type { EmbeddedPostgres } from '@toolforge/platform/pglite';

/** Whatever a log may hold, shop event or not: what a test puts there behind the command side's back. */
export interface EventEnvelope {
  readonly type: unknown;
  readonly data: unknown;
  readonly meta: unknown;
}

/** Puts an event straight into a log, as a buggy or newer writer would: no decider, no check. */
export type InjectEvent = (topic: Topic, streamId: string, streamPosition: number, envelope: EventEnvelope) => Promise<void>;

/** Injects into the embedded log's table, at the end of the topic's one partition. */
export function pgliteInjector(db: EmbeddedPostgres): InjectEvent {
  return async (topic, streamId, streamPosition, envelope) => {
    await db.query(
      `insert into events (topic, partition, "offset", stream_id, stream_position, event_id, type, data, meta)
       select $1, 0, coalesce(max("offset") + 1, 0), $2, $3, $4, $5, $6::jsonb, $7::jsonb from events where topic = $1 and partition = 0`,
      [topic, streamId, streamPosition, crypto.randomUUID(), envelope.type, JSON.stringify(envelope.data), JSON.stringify(envelope.meta)],
    );
  };
}

/** A raw Kafka record: anything a producer other than the shop's may write. */
export interface RawRecord {
  readonly key: string | null;
  readonly value: string | null;
  readonly headers?: Record<string, string>;
  /** Default: the partition the key hashes to, as for the shop's own records. */
  readonly partition?: number;
}

/** A plain (non-transactional) producer on the tests' topics: for records the shop's writer would never send. */
export class RecordProducer {
  private constructor(
    private readonly producer: Producer,
    private readonly names: TopicNames,
  ) {}

  static async open(brokers: readonly string[], topicPrefix: string): Promise<RecordProducer> {
    // The shop's writer's partitioner: a key lands where the shop's own records of that key are.
    // Signed in as the test run is (its KAFKA_SASL_*): the tests' broker takes no one unnamed.
    const kafka = new Kafka({
      brokers: [...brokers],
      clientId: 'toolforge-tests',
      logLevel: logLevel.ERROR,
      ...kafkaSignIn(readKafkaSecurity()),
    });
    const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, allowAutoTopicCreation: false });
    await producer.connect();
    return new RecordProducer(producer, new TopicNames(topicPrefix));
  }

  /** Sends one record; answers where it landed. */
  async send(topic: Topic, record: RawRecord): Promise<{ partition: number; offset: number }> {
    const [written] = await this.producer.send({
      topic: this.names.onBroker(topic),
      acks: -1,
      messages: [{ key: record.key, value: record.value, headers: record.headers, partition: record.partition }],
    });
    return { partition: written!.partition, offset: Number(written!.baseOffset) };
  }

  /** The shop's record layout, whatever the envelope holds. */
  inject: InjectEvent = async (topic, streamId, streamPosition, envelope) => {
    await this.send(topic, {
      key: streamId,
      value: JSON.stringify(envelope),
      headers: { [HEADERS.type]: String(envelope.type), [HEADERS.streamPosition]: String(streamPosition) },
    });
  };

  close(): Promise<void> {
    return this.producer.disconnect();
  }
}

/** A log on Kafka under a topic prefix of its own, the shop's writer on it and a producer to inject with; closed, its topics are deleted. */
export async function openKafkaTestLog(brokers: string[], label: string) {
  const topicPrefix = uniqueTopicPrefix(label);
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
}
