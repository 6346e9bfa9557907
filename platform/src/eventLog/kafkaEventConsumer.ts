import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { ALL_TOPICS, type Topic } from '@toolforge/contracts';
import type { Logger } from '../logger.js';
import type { StoredEvent } from './eventLog.js';
import { kafkaClient, type KafkaConnection } from './kafkaClient.js';
import { fromRecord } from './kafkaRecords.js';
import { DEFAULT_PARTITIONS, TopicNames, ensureTopics } from './kafkaTopics.js';
import { upcast, type UpcastOptions } from './upcasters.js';
import { Sleepers } from '../timing/sleepers.js';

/** What a consumer does with the partitions it is given: its own checkpoints decide where it reads. */
export interface PartitionBatchHandler {
  /** Where reading a partition resumes: every offset below it is handled already. */
  resumeAt(topic: Topic, partition: number): Promise<number>;
  /**
   * Handles consecutive events of one partition, in offset order, in the current schema's shape
   * (upgraded as EventLog.readAll upgrades them). Events it has handled before
   * may come again (the Kafka offsets are only a hint); a rejection has the batch delivered again.
   */
  handle(topic: Topic, partition: number, events: readonly StoredEvent[]): Promise<void>;
}

export interface KafkaEventConsumerOptions extends KafkaConnection, UpcastOptions {
  readonly groupId: string;
  readonly topicPrefix?: string;
  readonly topics?: readonly Topic[];
  readonly handler: PartitionBatchHandler;
  readonly logger?: Logger;
  /** The first pause after a failed batch; failures back off from it up to maxRetryDelayMs. */
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  /** How long a fetch may wait on the broker for new records; also how soon a pause or seek counts. */
  readonly maxWaitMs?: number;
  /** The consumer crashed and kafkajs will not restart it: the process should end (and be restarted). */
  readonly onGaveUp?: (error: Error) => void;
}

type MemberAssignment = Record<string, number[]>;

/**
 * How soon the group notices a member that died without leaving (kill -9, a lost machine): its
 * partitions move to the others once the broker has heard no heartbeat for sessionTimeout. kafkajs's
 * default (30 s) stood the read model still for about a minute; 6 s is the broker's smallest allowed
 * session (group.min.session.timeout.ms). A live member heartbeats every second, between batches and
 * during a retry's pause, so only a batch that takes over 6 s to apply would cost it its partitions
 * (they then come back after a rebalance, from the checkpoint). The rebalance waits at most 10 s for
 * the members to join again.
 */
export const GROUP_TIMEOUTS = { sessionTimeout: 6000, heartbeatInterval: 1000, rebalanceTimeout: 10_000 } as const;

/**
 * A Kafka consumer group member that hands each partition batch to a handler (the projector,
 * docs/architecture.md §6): committed records only (read_committed), offsets resolved and committed by hand, after the
 * handler's own commit. The handler's checkpoints are the truth: on every assignment the consumer
 * pauses the partitions it was given, seeks each to `resumeAt`, then resumes, so neither a committed
 * offset ahead of the checkpoint (a rebuilt read model) nor one behind it (a commit lost in a crash)
 * skips or repeats an event. A failed batch is retried with backoff from where it began.
 */
export class KafkaEventConsumer {
  /** Bumped on every assignment: a seek still under way for an older one gives up. */
  private generation = 0;
  private stopping = false;
  private readonly sleepers = new Sleepers();
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;

  private constructor(
    private readonly consumer: Consumer,
    private readonly names: TopicNames,
    private readonly options: KafkaEventConsumerOptions,
  ) {
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 5000;
  }

  /** Creates the shop's topics if missing, joins the group and starts consuming. */
  static async start(options: KafkaEventConsumerOptions): Promise<KafkaEventConsumer> {
    const kafka = kafkaClient(options);
    const names = new TopicNames(options.topicPrefix);
    await createTopics(kafka, names);
    const consumer = kafka.consumer({
      groupId: options.groupId,
      readUncommitted: false,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: options.maxWaitMs ?? 250,
      ...GROUP_TIMEOUTS,
    });
    const member = new KafkaEventConsumer(consumer, names, options);
    await consumer.connect();
    try {
      const topics = (options.topics ?? ALL_TOPICS).map((topic) => names.onBroker(topic));
      // No committed offset yet: from the beginning (the seek to the checkpoint decides anyway).
      await consumer.subscribe({ topics, fromBeginning: true });
      // Emitted synchronously once the member has its partitions, before its first fetch of them.
      consumer.on(consumer.events.GROUP_JOIN, (event) => member.assigned(event.payload.memberAssignment));
      consumer.on(consumer.events.CRASH, (event) => {
        const { error, restart } = event.payload;
        options.logger?.error(
          { err: error, restart },
          restart ? 'Kafka consumer crashed; restarting it' : 'Kafka consumer crashed for good',
        );
        if (!restart) options.onGaveUp?.(error);
      });
      await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: (payload) => member.eachBatch(payload) });
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
    return member;
  }

  /** Finishes the batch in hand, commits its offsets, and leaves the group (its partitions go to the others at once). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.sleepers.wakeAll();
    await this.consumer.disconnect();
  }

  private assigned(assignment: MemberAssignment): void {
    const generation = ++this.generation;
    const partitions = Object.entries(assignment).map(([topic, ids]) => ({ topic, partitions: ids }));
    if (partitions.length === 0) return;
    this.consumer.pause(partitions);
    void this.seekToCheckpoints(generation, partitions);
  }

  private async seekToCheckpoints(generation: number, assignment: { topic: string; partitions: number[] }[]): Promise<void> {
    for (let failures = 0; ; failures += 1) {
      if (this.stopping || generation !== this.generation) return;
      try {
        const seeks: { topic: string; partition: number; offset: string }[] = [];
        for (const { topic, partitions } of assignment) {
          for (const partition of partitions) {
            const offset = await this.options.handler.resumeAt(this.names.fromBroker(topic), partition);
            seeks.push({ topic, partition, offset: String(offset) });
          }
        }
        // Reassigned meanwhile: the newer assignment seeks its own partitions.
        if (this.stopping || generation !== this.generation) return;
        for (const seek of seeks) this.consumer.seek(seek);
        this.consumer.resume(assignment);
        return;
      } catch (error) {
        this.options.logger?.error(
          { err: error, failures: failures + 1 },
          'could not read the checkpoints of the assigned partitions; retrying',
        );
        await this.sleep(this.backoff(failures + 1));
      }
    }
  }

  // The payload's functions are called on it, never detached: kafkajs types them as methods.
  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    const last = batch.messages.at(-1);
    if (!last) return;
    for (let failures = 0; ; failures += 1) {
      // Stopping, or a seek is waiting for this partition: the batch is fetched again from there.
      if (this.stopping || !payload.isRunning() || payload.isStale()) return;
      try {
        const topic = this.names.fromBroker(batch.topic);
        const events = batch.messages.map((record) =>
          upcast(
            fromRecord(
              { topic, partition: batch.partition, offset: Number(record.offset) },
              { key: record.key, value: record.value, headers: record.headers ?? {} },
            ),
            this.options.upcasters,
          ),
        );
        await this.options.handler.handle(topic, batch.partition, events);
        break;
      } catch (error) {
        this.options.logger?.error(
          { err: error, topic: batch.topic, partition: batch.partition, firstOffset: batch.firstOffset(), failures: failures + 1 },
          'a batch failed; retrying it from its first event',
        );
        await this.pauseBeatingHeart(this.backoff(failures + 1), () => payload.heartbeat());
      }
    }
    payload.resolveOffset(last.offset);
    // Only a hint: the next assignment seeks to the handler's checkpoint whatever was committed. So
    // the next fetch does not wait for it (traced under the bench's orders: up to 41 ms a batch at p99).
    payload.commitOffsetsIfNecessary(payload.uncommittedOffsets()).catch((error: unknown) => {
      this.options.logger?.warn({ err: error, topic: batch.topic, partition: batch.partition }, 'could not commit the Kafka offsets');
    });
  }

  private backoff(failures: number): number {
    return Math.min(this.maxRetryDelayMs, this.retryDelayMs * 2 ** (failures - 1));
  }

  /** Waits `ms` before a retry, heartbeating meanwhile so that the group keeps this member. */
  private async pauseBeatingHeart(ms: number, heartbeat: () => Promise<void>): Promise<void> {
    for (let left = ms; left > 0 && !this.stopping; left -= GROUP_TIMEOUTS.heartbeatInterval) {
      await this.sleep(Math.min(left, GROUP_TIMEOUTS.heartbeatInterval));
      await heartbeat().catch(() => undefined);
    }
  }

  /** Resolves after `ms`, or at once when the consumer stops. */
  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return this.sleepers.sleep(ms);
  }
}

async function createTopics(kafka: Kafka, names: TopicNames): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await ensureTopics(admin, names, DEFAULT_PARTITIONS);
  } finally {
    await admin.disconnect();
  }
}
