import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { TOPICS, type Topic } from '@toolforge/contracts';
import { productAdded } from '@toolforge/contracts/testing';
import { deleteTopics, logWriter, uniqueTopicPrefix } from '../testing/index.js';
import type { AppendResult, StoredEvent } from '../eventLog/eventLog.js';
import { GROUP_TIMEOUTS, KafkaEventConsumer, type PartitionBatchHandler } from './kafkaEventConsumer.js';
import { KafkaEventLog } from './kafkaEventLog.js';

const brokers = inject('kafkaBrokers').split(',');

/**
 * The consumer group's session (issue 34, row 9): short, so that a dead member's partitions move
 * within seconds, yet never lost by a live member busy with a long batch, and a broker that will
 * not have it gets Kafka's default minimum instead of a consumer that cannot join.
 */
describe('KafkaEventConsumer’s session', () => {
  const topicPrefix = uniqueTopicPrefix('consumer-session');
  const consumers: KafkaEventConsumer[] = [];
  let log: KafkaEventLog;
  let append: ReturnType<typeof logWriter>;

  beforeAll(async () => {
    log = await KafkaEventLog.open({ brokers, topicPrefix, transactionalId: `${topicPrefix}writer` });
    append = logWriter(log);
  });
  afterEach(async () => {
    for (const consumer of consumers.splice(0)) await consumer.stop();
  });
  afterAll(async () => {
    await log?.close();
    await deleteTopics(brokers, topicPrefix);
  });

  const holds = (handled: readonly StoredEvent[], { position }: AppendResult) =>
    handled.some((event) => event.position.partition === position.partition && event.position.offset === position.offset);

  /** A handler of the products topic that remembers what it handled and each seek, with `slowFirst` ms on its first batch. */
  function recordingHandler(slowFirst = 0) {
    const handled: StoredEvent[] = [];
    const seeks: string[] = [];
    let batches = 0;
    const handler: PartitionBatchHandler = {
      resumeAt(topic: Topic, partition: number) {
        seeks.push(`${topic}/${partition}`);
        const mine = handled.filter((event) => event.position.partition === partition);
        return Promise.resolve(mine.length === 0 ? 0 : mine.at(-1)!.position.offset + 1);
      },
      async handle(_topic, _partition, events) {
        if (batches++ === 0) await sleep(slowFirst);
        handled.push(...events);
      },
    };
    return { handler, handled, seeks };
  }

  async function start(handler: PartitionBatchHandler, options: { sessionTimeoutMs?: number; warnings?: string[] } = {}) {
    const consumer = await KafkaEventConsumer.start({
      brokers,
      clientId: 'consumer-session-test',
      groupId: `${topicPrefix}${consumers.length}`,
      topicPrefix,
      topics: [TOPICS.products],
      handler,
      sessionTimeoutMs: options.sessionTimeoutMs,
      logger: { info: () => undefined, warn: (_details, message) => options.warnings?.push(message), error: () => undefined },
    });
    consumers.push(consumer);
    return consumer;
  }

  it('keeps its partitions through a batch that takes longer than the session to apply', async () => {
    const { handler, handled, seeks } = recordingHandler(GROUP_TIMEOUTS.sessionTimeout + 1500);
    await start(handler);
    const first = await append(productAdded());
    const next = await append(productAdded());
    await expect.poll(() => holds(handled, first) && holds(handled, next), { timeout: 20_000, interval: 100 }).toBe(true);
    // Evicted during the slow batch, it would have joined again, and sought its partitions again.
    expect(seeks.filter((seek) => seek === `${TOPICS.products}/${first.position.partition}`)).toHaveLength(1);
  }, 40_000);

  it('joins with Kafka’s default minimum session when the broker refuses the one asked for, and says so', async () => {
    const { handler, handled } = recordingHandler();
    const warnings: string[] = [];
    // Above the broker's group.max.session.timeout.ms (30 minutes by default): refused as a too short one is.
    await start(handler, { sessionTimeoutMs: 31 * 60_000, warnings });
    expect(warnings).toEqual([expect.stringMatching(/refuses a 1860000 ms session .* joining with 6000 ms/)]);
    const added = await append(productAdded());
    await expect.poll(() => holds(handled, added), { timeout: 15_000, interval: 100 }).toBe(true);
  }, 40_000);
});
