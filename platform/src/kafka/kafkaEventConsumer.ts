import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { ALL_TOPICS, type Topic } from '@toolforge/contracts';
import type { Logger } from '../logger.js';
import type { StoredEvent } from '../eventLog/eventLog.js';
import { kafkaClient, type KafkaConnection } from './kafkaClient.js';
import { fromRecord } from './kafkaRecords.js';
import { DEFAULT_PARTITIONS, TopicNames, ensureTopics } from './kafkaTopics.js';
import { upcast, type UpcastOptions } from '../eventLog/upcasters.js';
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
  /** The session asked for first (GROUP_TIMEOUTS'); a broker that refuses it gets FALLBACK_SESSION_TIMEOUT. */
  readonly sessionTimeoutMs?: number;
}

type MemberAssignment = Record<string, number[]>;

/**
 * How soon the group notices a member that died without leaving (kill -9, a lost machine): its
 * partitions move to the others, or to the member started in its place, once the broker has heard
 * no heartbeat for sessionTimeout. kafkajs's default (30 s) stood the read model still for longer
 * than that; the broker's default lower bound (6 s) still showed a new order later than issue 34's
 * 5 s after a projector's kill -9. 3 s shows it within 5 s (issue 34;
 * projector/src/failover.e2e.spec.ts measures it, as
 * docs/projector.md#a-projector-that-dies-is-replaced-within-seconds tells). A
 * live member heartbeats every half second, also while a batch applies and during a retry's pause,
 * so only a process that stops running for 3 s loses its partitions (they come back after a
 * rebalance, from the checkpoint). The rebalance waits at most 10 s for the members to join again.
 *
 * Kafka refuses a session below group.min.session.timeout.ms: the project's brokers
 * (infra/kafka/server.properties, docker-compose.yml) allow 3 s; on a broker that keeps its
 * default the consumer joins with FALLBACK_SESSION_TIMEOUT instead, and says so.
 * (kafkajs has no static membership, group.instance.id, which would hand a restarted member its
 * partitions at once.)
 */
export const GROUP_TIMEOUTS = { sessionTimeout: 3000, heartbeatInterval: 500, rebalanceTimeout: 10_000 } as const;

/** Kafka's default group.min.session.timeout.ms: the session a broker that refuses a shorter one takes. */
export const FALLBACK_SESSION_TIMEOUT = 6000;

/**
 * A Kafka consumer group member that hands each partition batch to a handler (the projector,
 * docs/architecture.md#6-the-projector-and-the-read-model): committed records only (read_committed), offsets resolved and committed by hand, after the
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
    const sessionTimeout = options.sessionTimeoutMs ?? GROUP_TIMEOUTS.sessionTimeout;
    try {
      return await KafkaEventConsumer.join(kafka, names, options, sessionTimeout);
    } catch (error) {
      if (!(error instanceof SessionTimeoutRefused)) throw error;
      options.logger?.warn(
        { err: error.cause },
        `the Kafka broker refuses a ${sessionTimeout} ms session (group.min.session.timeout.ms): joining with ${FALLBACK_SESSION_TIMEOUT} ms, so a member that dies hands its partitions over that much later`,
      );
      return KafkaEventConsumer.join(kafka, names, options, FALLBACK_SESSION_TIMEOUT);
    }
  }

  /** Joins the group with this session and starts consuming; SessionTimeoutRefused if the broker will not have it. */
  private static async join(
    kafka: Kafka,
    names: TopicNames,
    options: KafkaEventConsumerOptions,
    sessionTimeout: number,
  ): Promise<KafkaEventConsumer> {
    const consumer = kafka.consumer({
      groupId: options.groupId,
      readUncommitted: false,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: options.maxWaitMs ?? 250,
      ...GROUP_TIMEOUTS,
      sessionTimeout,
    });
    const member = new KafkaEventConsumer(consumer, names, options);
    await consumer.connect();
    try {
      const topics = (options.topics ?? ALL_TOPICS).map((topic) => names.onBroker(topic));
      // No committed offset yet: from the beginning (the seek to the checkpoint decides anyway).
      await consumer.subscribe({ topics, fromBeginning: true });
      // Emitted synchronously once the member has its partitions, before its first fetch of them.
      consumer.on(consumer.events.GROUP_JOIN, (event) => member.assigned(event.payload.memberAssignment));
      let joined = false;
      let refused: Error | undefined;
      consumer.on(consumer.events.CRASH, (event) => {
        const { error, restart } = event.payload;
        // The first join's crash comes before run() returns: the caller tries the broker's default session.
        if (!joined && isSessionTimeoutRefusal(error)) {
          refused = error;
          return;
        }
        options.logger?.error(
          { err: error, restart },
          restart ? 'Kafka consumer crashed; restarting it' : 'Kafka consumer crashed for good',
        );
        if (!restart) options.onGaveUp?.(error);
      });
      await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: (payload) => member.eachBatch(payload) });
      joined = true;
      if (refused) throw new SessionTimeoutRefused(refused);
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
        await this.beatingHeart(
          () => this.options.handler.handle(topic, batch.partition, events),
          () => payload.heartbeat(),
        );
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
    // the next fetch does not wait for it (traced under the bench's orders: waiting for it lengthened
    // the slowest batches).
    payload.commitOffsetsIfNecessary(payload.uncommittedOffsets()).catch((error: unknown) => {
      this.options.logger?.warn({ err: error, topic: batch.topic, partition: batch.partition }, 'could not commit the Kafka offsets');
    });
  }

  private backoff(failures: number): number {
    return Math.min(this.maxRetryDelayMs, this.retryDelayMs * 2 ** (failures - 1));
  }

  /**
   * Runs `work`, heartbeating meanwhile (kafkajs beats only between batches): a batch that takes
   * longer than the session to apply does not cost this member its partitions.
   */
  private async beatingHeart(work: () => Promise<void>, heartbeat: () => Promise<void>): Promise<void> {
    const beating = setInterval(() => void heartbeat().catch(() => undefined), GROUP_TIMEOUTS.heartbeatInterval);
    try {
      await work();
    } finally {
      clearInterval(beating);
    }
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

/** The broker would not take the session timeout asked for (outside group.min/max.session.timeout.ms). */
class SessionTimeoutRefused extends Error {
  constructor(cause: Error) {
    super(cause.message, { cause });
    this.name = 'SessionTimeoutRefused';
  }
}

/** Kafka's INVALID_SESSION_TIMEOUT (26), as kafkajs reports it: on the error or on one of its causes. */
function isSessionTimeoutRefusal(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { type?: unknown }).type === 'INVALID_SESSION_TIMEOUT') return true;
  }
  return false;
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
