import type { Topic } from '@toolforge/contracts';
import type { Logger } from '@toolforge/platform';
import type { Cache, HotAnswers } from '@toolforge/platform/cache';
import { KafkaEventConsumer, KafkaEventsReader, identifyKafkaLog } from '@toolforge/platform/kafka';
import { revealingEventsAt, type PersonalDataVault } from '@toolforge/platform/privacy';
import type { OnLogChange } from '@toolforge/platform/sql';
import { ReadModelUpdater, type Committed, type ProjectorStore } from './readModelUpdater.js';

export interface KafkaProjectorOptions {
  brokers: readonly string[];
  clientId?: string;
  /** The shop's topics on the broker sit behind this prefix (KAFKA_TOPIC_PREFIX). */
  topicPrefix?: string;
  /** Default: `<topicPrefix>toolforge-projector`. Projectors of one group share the partitions. */
  groupId?: string;
  topics?: readonly Topic[];
  store: ProjectorStore;
  cache?: Cache;
  /** The answers to put in the cache after each commit that moves their area (the host wires the query side's). */
  hotAnswers?: readonly HotAnswers[];
  logger?: Logger;
  retryDelayMs?: number;
  /** When the read model was built from another log: refuse to start (LogChangedError, the default), or empty it and start over. */
  onLogChange?: OnLogChange;
  /** The consumer crashed for good (kafkajs will not restart it). */
  onGaveUp?: (error: Error) => void;
  /** Opens the events' personal values (docs/privacy.md): the host's, on the key store; without it they are applied as stored. */
  vault?: PersonalDataVault;
}

export const PROJECTOR_GROUP = 'toolforge-projector';

/**
 * The projector of services mode (docs/architecture.md#2-two-ways-to-run-same-code, docs/architecture.md#6-the-projector-and-the-read-model): a member of the Kafka consumer group
 * `toolforge-projector` that applies each partition batch with its checkpoint in one PostgreSQL
 * transaction, through the same ReadModelUpdater as the embedded projector. It resumes each
 * partition it is assigned from the checkpoint in PostgreSQL; the Kafka offsets it commits after
 * each PostgreSQL commit are only a hint. Several instances split the partitions between them.
 */
export class KafkaProjector {
  private constructor(
    private readonly consumer: KafkaEventConsumer,
    private readonly updater: ReadModelUpdater,
    private readonly letters: KafkaEventsReader,
  ) {}

  static async start(options: KafkaProjectorOptions): Promise<KafkaProjector> {
    const clientId = options.clientId ?? 'toolforge-projector';
    // Where a retried dead letter's event is read (deadLetterRetries.ts): a reader of its own, no member of the group.
    const letters = await KafkaEventsReader.open({
      brokers: options.brokers,
      clientId: `${clientId}-letters`,
      topicPrefix: options.topicPrefix,
    });
    try {
      const updater = new ReadModelUpdater({
        store: options.store,
        cache: options.cache,
        hotAnswers: options.hotAnswers,
        logger: options.logger,
        eventsAt: options.vault ? revealingEventsAt(letters, options.vault) : letters,
      });
      // Before joining the group: a read model of another log must not be resumed at its checkpoints.
      const log = await identifyKafkaLog({ brokers: options.brokers, clientId, topicPrefix: options.topicPrefix });
      await updater.bindToLog(log, options.onLogChange ?? 'refuse');
      const consumer = await KafkaEventConsumer.start({
        brokers: options.brokers,
        clientId,
        groupId: options.groupId ?? `${options.topicPrefix ?? ''}${PROJECTOR_GROUP}`,
        topicPrefix: options.topicPrefix,
        topics: options.topics,
        logger: options.logger,
        retryDelayMs: options.retryDelayMs,
        onGaveUp: options.onGaveUp,
        handler: {
          resumeAt: (topic, partition) => updater.nextOffset(topic, partition),
          handle: async (topic, partition, events) => {
            await updater.apply(topic, partition, options.vault ? await options.vault.reveal(events) : events);
          },
        },
      });
      return new KafkaProjector(consumer, updater, letters);
    } catch (error) {
      await letters.close();
      throw error;
    }
  }

  /** Called after each commit, with where that partition now stands. */
  onCommitted(listener: (committed: Committed) => void): () => void {
    return this.updater.onCommitted(listener);
  }

  /** Resolves when the cache holds the hot answers of every commit so far (or failed to take them). */
  cacheRefreshed(): Promise<void> {
    return this.updater.settled();
  }

  /** Lets the batch in hand commit, leaves the consumer group, then lets the cache refresh under way end. */
  async stop(): Promise<void> {
    await this.consumer.stop();
    await this.updater.settled();
    await this.letters.close();
  }
}
