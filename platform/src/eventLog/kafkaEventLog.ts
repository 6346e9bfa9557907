import { Partitioners, type Kafka, type Producer, type RecordMetadata } from 'kafkajs';
import {
  WriterFencedError,
  type AppendRequest,
  type AppendResult,
  type EventLog,
  type StoredEvent,
  type Topic,
} from '@toolforge/contracts';
import { kafkaClient, type KafkaConnection } from './kafkaClient.js';
import { KafkaPartitionReader } from './kafkaPartitionReader.js';
import { fromRecord, toRecord } from './kafkaRecords.js';
import { DEFAULT_PARTITIONS, TopicNames, ensureTopics } from './kafkaTopics.js';

export interface KafkaEventLogOptions extends KafkaConnection {
  /**
   * The single writer's stable transactional.id (DESIGN §4). Opening a log with it fences every
   * earlier producer that used it: their next append fails. Unset: a read-only log.
   */
  readonly transactionalId?: string;
  /** Put before every topic name; tests give each run its own. Production leaves it empty. */
  readonly topicPrefix?: string;
  readonly partitions?: Readonly<Record<Topic, number>>;
}

/** Broker error types that mean "a newer producer with your transactional.id exists". */
const FENCED = new Set(['INVALID_PRODUCER_EPOCH', 'PRODUCER_FENCED']);
const PRODUCER_FENCED_CODE = 90;
const READABLE_WAIT_MS = 2000;

function isFenced(error: unknown): boolean {
  const { type, code } = (error ?? {}) as { type?: string; code?: number };
  return (type !== undefined && FENCED.has(type)) || code === PRODUCER_FENCED_CODE;
}

/**
 * The event log on Apache Kafka (DESIGN §2–§4). Each append is one transaction of an idempotent
 * producer (acks=all), so its events become visible together or not at all; reads see committed
 * records only. There is no per-key version in Kafka: the guard against a second writer is the
 * transactional.id, which lets only the newest producer append. The stream positions stored are the
 * single writer's own count (expectedVersion + 1, + 2, …), kept in a record header.
 */
export class KafkaEventLog implements EventLog {
  private queue: Promise<unknown> = Promise.resolve();
  private fenced = false;
  /** Set when a commit failed without saying whether it happened: the cause. */
  private uncertain: string | null = null;
  private readonly partitionCache = new Map<Topic, readonly number[]>();

  private constructor(
    private readonly names: TopicNames,
    private readonly reader: KafkaPartitionReader,
    private readonly producer: Producer | null,
    private readonly writer: string | null,
  ) {}

  /** Creates the shop's topics if missing, connects, and (with a transactionalId) takes over as the writer. */
  static async open(options: KafkaEventLogOptions): Promise<KafkaEventLog> {
    const kafka = kafkaClient(options);
    const names = new TopicNames(options.topicPrefix);
    const admin = kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, names, options.partitions ?? DEFAULT_PARTITIONS);
    } finally {
      await admin.disconnect();
    }
    const reader = new KafkaPartitionReader(kafka);
    await reader.connect();
    const producer = options.transactionalId ? await claimWriter(kafka, options.transactionalId) : null;
    return new KafkaEventLog(names, reader, producer, options.transactionalId ?? null);
  }

  append(request: AppendRequest): Promise<AppendResult> {
    // One transaction at a time: a producer has at most one open, and offsets come back in order.
    const result = this.queue.then(() => this.appendNow(request));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async appendNow(request: AppendRequest): Promise<AppendResult> {
    if (request.events.length === 0) throw new Error('append needs at least one event');
    if (!this.producer || !this.writer) throw new Error('this Kafka event log is read-only: it has no transactionalId');
    if (this.fenced) throw new WriterFencedError(this.writer);
    if (this.uncertain) throw new Error(`an earlier commit's outcome is unknown: restart to read the log again (${this.uncertain})`);
    const topic = this.names.onBroker(request.topic);
    const records = request.events.map((event, index) => toRecord(request.streamId, request.expectedVersion + index + 1, event));

    const transaction = await this.producer.transaction().catch((error: unknown) => this.refuse(error));
    let written: RecordMetadata[];
    try {
      written = await transaction.send({ topic, messages: records, acks: -1 });
    } catch (error) {
      // Nothing of an aborted transaction is ever read; a fenced producer cannot even abort.
      await transaction.abort().catch(() => undefined);
      return this.refuse(error);
    }
    try {
      await transaction.commit();
    } catch (error) {
      if (isFenced(error)) return this.refuse(error);
      // The coordinator may have recorded the commit or not. The caller's state cannot tell, and
      // deciding the next command on it could oversell: this writer takes no more appends, and a
      // restart reads the settled log again (its claim aborts the transaction if it is still open).
      this.uncertain = error instanceof Error ? error.message : String(error);
      throw error;
    }

    // One key, so one partition, and one batch: the events got consecutive offsets from baseOffset.
    const [batch] = written;
    if (written.length !== 1 || batch?.baseOffset === undefined) throw new Error(`unexpected produce answer ${JSON.stringify(written)}`);
    const base = Number(batch.baseOffset);
    const stored = request.events.map(
      (event, index) =>
        ({
          ...event,
          position: { topic: request.topic, partition: batch.partition, offset: base + index },
          streamId: request.streamId,
          streamPosition: request.expectedVersion + index + 1,
        }) as StoredEvent,
    );
    const position = stored[stored.length - 1]!.position;
    // Acknowledge once any reader of the log sees the events, so the position token can be trusted
    // at once. They are committed and durable already: past the bound, or if asking fails, answer anyway.
    await this.reader.waitUntilReadable(topic, position.partition, position.offset + 1, READABLE_WAIT_MS).catch(() => false);
    return { position, stored };
  }

  /** Rethrows an append's failure, as WriterFencedError (for good) when a newer writer took over. */
  private refuse(error: unknown): never {
    if (isFenced(error)) {
      this.fenced = true;
      throw new WriterFencedError(this.writer ?? 'unknown');
    }
    throw error;
  }

  async partitions(topic: Topic): Promise<readonly number[]> {
    let partitions = this.partitionCache.get(topic);
    if (!partitions) {
      partitions = await this.reader.partitions(this.names.onBroker(topic));
      this.partitionCache.set(topic, partitions);
    }
    return partitions;
  }

  async read(topic: Topic, partition: number, fromOffset: number, limit: number): Promise<readonly StoredEvent[]> {
    const records = await this.reader.read(this.names.onBroker(topic), partition, fromOffset, limit);
    return records.map((record) => fromRecord({ topic, partition, offset: Number(record.offset) }, record));
  }

  /** Lets the append under way finish, then disconnects. */
  async close(): Promise<void> {
    await this.queue;
    await this.producer?.disconnect();
    await this.reader.disconnect();
  }
}

/**
 * Connects a transactional producer and initialises its transactional.id at once: the broker bumps
 * the id's epoch, aborts whatever transaction an earlier holder had open, and refuses that holder's
 * appends from now on. Done before the caller reads the log, so nothing of the old writer can
 * arrive after the new one has read to the end.
 */
async function claimWriter(kafka: Kafka, transactionalId: string): Promise<Producer> {
  const producer = kafka.producer({
    transactionalId,
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    // The broker answers CONCURRENT_TRANSACTIONS to an append that follows a commit whose markers it
    // is still writing; retry that soon (as the Java client does), and give up within seconds.
    retry: { initialRetryTime: 25, maxRetryTime: 2000, retries: 8 },
    // The Java client's partitioner: a key lands on the same partition whichever client writes it.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const claim = await producer.transaction();
  await claim.abort();
  return producer;
}
