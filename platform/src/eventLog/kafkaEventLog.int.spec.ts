import { Partitioners, type Admin, type Producer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_TOPICS, TOPICS, WriterFencedError } from '@toolforge/contracts';
import { deleteTopics, uniqueTopicPrefix } from '../testing/kafka.js';
import { eventLogContract, productDeleted } from '../test/eventLogContract.js';
import { kafkaClient } from './kafkaClient.js';
import { KafkaEventLog } from './kafkaEventLog.js';
import { DEFAULT_PARTITIONS } from './kafkaTopics.js';

const brokers = inject('kafkaBrokers').split(',');

eventLogContract('Kafka event log', async () => {
  const topicPrefix = uniqueTopicPrefix();
  const open = () => KafkaEventLog.open({ brokers, topicPrefix, transactionalId: `${topicPrefix}writer` });
  let log = await open();
  return {
    log,
    async reopen() {
      await log.close();
      log = await open();
      return log;
    },
    async close() {
      await log.close();
      await deleteTopics(brokers, topicPrefix);
    },
  };
});

describe('Kafka event log', () => {
  const topicPrefix = uniqueTopicPrefix();
  const transactionalId = `${topicPrefix}writer`;
  const opened: KafkaEventLog[] = [];
  const open = async (options: { transactionalId?: string } = { transactionalId }) => {
    const log = await KafkaEventLog.open({ brokers, topicPrefix, ...options });
    opened.push(log);
    return log;
  };
  let admin: Admin;

  beforeAll(async () => {
    admin = kafkaClient({ brokers }).admin();
    await admin.connect();
  });
  afterAll(async () => {
    await Promise.all(opened.map((log) => log.close()));
    await admin.disconnect();
    await deleteTopics(brokers, topicPrefix);
  });

  it('creates the shop’s topics with explicit partitions, kept forever and never compacted', async () => {
    await open({});
    const metadata = await admin.fetchTopicMetadata({ topics: ALL_TOPICS.map((topic) => topicPrefix + topic) });
    expect(metadata.topics.map((topic) => [topic.name, topic.partitions.length]).sort()).toEqual(
      ALL_TOPICS.map((topic) => [topicPrefix + topic, DEFAULT_PARTITIONS[topic]]).sort(),
    );
    const configs = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: 2 /* TOPIC */, name: topicPrefix + TOPICS.orders, configNames: ['retention.ms', 'cleanup.policy'] }],
    });
    const entries = Object.fromEntries(configs.resources[0]!.configEntries.map((entry) => [entry.configName, entry.configValue]));
    expect(entries).toEqual({ 'retention.ms': '-1', 'cleanup.policy': 'delete' });
  });

  it('keys records by aggregate id: each stream keeps to a partition, and streams spread over them', async () => {
    const log = await open();
    const partitionOf = new Map<string, number>();
    for (const streamId of ['p-1', 'p-2', 'p-3', 'p-4', 'p-5', 'p-6', 'p-7', 'p-8']) {
      const { position } = await log.append({ topic: TOPICS.products, streamId, expectedVersion: 0, events: [productDeleted(streamId)] });
      partitionOf.set(streamId, position.partition);
    }
    expect(new Set(partitionOf.values()).size).toBeGreaterThan(1);
    for (const [streamId, partition] of partitionOf) {
      const events = await log.read(TOPICS.products, partition, 0, 100);
      expect(events.filter((event) => event.streamId === streamId)).toHaveLength(1);
    }
  });

  it('never reads what an aborted transaction wrote', async () => {
    const log = await open();
    // A raw producer aborts a transaction on the orders topic between two appends of the log.
    const { stored: before } = await log.append({ topic: TOPICS.orders, streamId: 'kept', expectedVersion: 0, events: [productDeleted('a')] });
    const { partition } = before[0]!.position;
    const raw = kafkaClient({ brokers }).producer({
      transactionalId: `${topicPrefix}aborting`,
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await raw.connect();
    const transaction = await raw.transaction();
    await transaction.send({
      topic: topicPrefix + TOPICS.orders,
      messages: [{ partition, key: 'aborted', value: JSON.stringify(productDeleted('x')), headers: { 'stream-position': '1' } }],
    });
    await transaction.abort();
    await raw.disconnect();
    const { stored: after } = await log.append({ topic: TOPICS.orders, streamId: 'kept', expectedVersion: 1, events: [productDeleted('b')] });
    expect(after[0]!.position.partition).toBe(partition);

    const events = await log.read(TOPICS.orders, partition, 0, 100);
    expect(events.map((event) => event.streamId)).not.toContain('aborted');
    expect(events.filter((event) => event.streamId === 'kept')).toEqual([...before, ...after]);
  });

  it('fences the older writer: a second log with the same transactional id makes the first one’s appends fail', async () => {
    const first = await open();
    await first.append({ topic: TOPICS.users, streamId: 'u-1', expectedVersion: 0, events: [productDeleted('one')] });
    const second = await open();

    await expect(first.append({ topic: TOPICS.users, streamId: 'u-1', expectedVersion: 1, events: [productDeleted('late')] })).rejects.toBeInstanceOf(
      WriterFencedError,
    );
    // Fenced for good: it refuses again without asking the broker.
    await expect(first.append({ topic: TOPICS.users, streamId: 'u-2', expectedVersion: 0, events: [productDeleted('later')] })).rejects.toBeInstanceOf(
      WriterFencedError,
    );
    const { position } = await second.append({ topic: TOPICS.users, streamId: 'u-1', expectedVersion: 1, events: [productDeleted('two')] });

    const events = await second.read(TOPICS.users, position.partition, 0, 100);
    const u1 = events.filter((event) => event.streamId === 'u-1');
    expect(u1.map((event) => [event.streamPosition, (event.data as { productId: string }).productId])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    const all = await Promise.all((await second.partitions(TOPICS.users)).map((partition) => second.read(TOPICS.users, partition, 0, 100)));
    expect(all.flat().map((event) => event.streamId)).not.toContain('u-2');
  });

  it('after a commit whose outcome is unknown, takes no more appends; a restart reads the settled log', async () => {
    const log = await open();
    // Fault injection: the commit request is lost on the way (the transaction stays open).
    const producer = (log as unknown as { producer: Producer }).producer;
    const transaction = producer.transaction.bind(producer);
    producer.transaction = async () => ({
      ...(await transaction()),
      commit: () => Promise.reject(new Error('connection lost during commit')),
    });
    const append = (streamId: string) => log.append({ topic: TOPICS.products, streamId, expectedVersion: 0, events: [productDeleted(streamId)] });
    await expect(append('lost')).rejects.toThrow('connection lost during commit');
    await expect(append('next')).rejects.toThrow(/outcome is unknown: restart/);

    const restarted = await open();
    const { position } = await restarted.append({ topic: TOPICS.products, streamId: 'after', expectedVersion: 0, events: [productDeleted('after')] });
    const all = await Promise.all((await restarted.partitions(TOPICS.products)).map((partition) => restarted.read(TOPICS.products, partition, 0, 100)));
    const streams = all.flat().map((event) => event.streamId);
    expect(streams).toContain('after');
    expect(streams).not.toContain('lost');
    expect(streams).not.toContain('next');
    expect(position.topic).toBe(TOPICS.products);
  });

  it('refuses to append without a transactional id (a reader cannot fence the writer)', async () => {
    const reader = await open({});
    await expect(reader.append({ topic: TOPICS.users, streamId: 'r', expectedVersion: 0, events: [productDeleted('r')] })).rejects.toThrow(/read-only/);
  });
});
