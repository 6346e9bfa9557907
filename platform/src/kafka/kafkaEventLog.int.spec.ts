import { Partitioners, type Admin, type Producer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_TOPICS, TOPICS, UNREADABLE_RECORD } from '@toolforge/contracts';
import { readEvents } from '../testing/eventLog.js';
import { deleteTopics, uniqueTopicPrefix } from '../testing/kafka.js';
import { appendDeleted, eventLogContract, productDeleted } from '../test/eventLogContract.js';
import { ConcurrencyError, WriterFencedError } from '../eventLog/eventLog.js';
import { kafkaClient } from './kafkaClient.js';
import { KafkaEventLog } from './kafkaEventLog.js';
import { KafkaEventsReader } from './kafkaEventsReader.js';
import { DEFAULT_PARTITIONS } from './kafkaTopics.js';

const brokers = inject('kafkaBrokers').split(',');

eventLogContract('Kafka event log', async (options) => {
  const topicPrefix = uniqueTopicPrefix();
  const open = () => KafkaEventLog.open({ brokers, topicPrefix, transactionalId: `${topicPrefix}writer`, ...options });
  let log = await open();
  // A reader of its own, as the query service opens it: no producer, no transactional id.
  const eventsAt = await KafkaEventsReader.open({ brokers, topicPrefix, ...options });
  return {
    log,
    eventsAt: () => eventsAt,
    async reopen() {
      await log.close();
      log = await open();
      return log;
    },
    async close() {
      await eventsAt.close();
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
  let eventsAt: KafkaEventsReader;

  beforeAll(async () => {
    admin = kafkaClient({ brokers }).admin();
    await admin.connect();
    eventsAt = await KafkaEventsReader.open({ brokers, topicPrefix });
  });
  afterAll(async () => {
    await eventsAt.close();
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
      const { position } = await appendDeleted(log, TOPICS.products, streamId, 0, streamId);
      partitionOf.set(streamId, position.partition);
    }
    expect(new Set(partitionOf.values()).size).toBeGreaterThan(1);
    const events = await readEvents(log, { topics: [TOPICS.products] });
    for (const [streamId, partition] of partitionOf) {
      expect(events.filter((event) => event.streamId === streamId).map((event) => event.position.partition)).toEqual([partition]);
    }
  });

  it('never reads what an aborted transaction wrote', async () => {
    const log = await open();
    // A raw producer aborts a transaction on the orders topic between two appends of the log.
    const { stored: before } = await appendDeleted(log, TOPICS.orders, 'kept', 0, 'a');
    const { partition } = before[0]!.position;
    const raw = kafkaClient({ brokers }).producer({
      transactionalId: `${topicPrefix}aborting`,
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await raw.connect();
    const transaction = await raw.transaction();
    const [aborted] = await transaction.send({
      topic: topicPrefix + TOPICS.orders,
      messages: [{ partition, key: 'aborted', value: JSON.stringify(productDeleted('x')), headers: { 'stream-position': '1' } }],
    });
    await transaction.abort();
    await raw.disconnect();
    const { stored: after } = await appendDeleted(log, TOPICS.orders, 'kept', 1, 'b');
    expect(after[0]!.position.partition).toBe(partition);

    const events = await readEvents(log, { topics: [TOPICS.orders] });
    expect(events.map((event) => event.streamId)).not.toContain('aborted');
    expect(events.filter((event) => event.streamId === 'kept')).toEqual([...before, ...after]);
    // Read by offset, the aborted record and the transactions' markers around it are absent too.
    const offsets = Array.from(
      { length: after[0]!.position.offset - before[0]!.position.offset + 1 },
      (_, index) => before[0]!.position.offset + index,
    );
    expect(offsets).toContain(Number(aborted!.baseOffset));
    expect(await eventsAt.readAt(TOPICS.orders, partition, offsets)).toEqual([...before, ...after]);
  });

  it('finds what another writer slipped in since its own last commit before committing: refused on a stream it touched, else appended', async () => {
    // A writer under another transactional id is a misconfiguration the fencing cannot see; the
    // writer still never commits on a version it has not read.
    const writer = await open({ transactionalId: `${topicPrefix}trusting` });
    const intruder = await open({ transactionalId: `${topicPrefix}intruder` });
    await appendDeleted(writer, TOPICS.products, 'contested', 0, 'contested');
    await appendDeleted(intruder, TOPICS.products, 'contested', 1, 'slipped-in');

    await expect(appendDeleted(writer, TOPICS.products, 'contested', 1, 'stale')).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await readEvents(writer, { topics: [TOPICS.products], stream: 'contested' })).map((event) => event.data)).toEqual([
      { productId: 'contested' },
      { productId: 'slipped-in' },
    ]);
    // Learned now: the next append at the stream's real version goes through.
    const { stored } = await appendDeleted(writer, TOPICS.products, 'contested', 2, 'after');
    expect(stored[0]!.streamPosition).toBe(3);
  });

  it('fences the older writer: a second log with the same transactional id makes the first one’s appends fail', async () => {
    const first = await open();
    await appendDeleted(first, TOPICS.users, 'u-1', 0, 'one');
    const second = await open();

    await expect(appendDeleted(first, TOPICS.users, 'u-1', 1, 'late')).rejects.toBeInstanceOf(WriterFencedError);
    // Fenced for good: it refuses again without asking the broker.
    await expect(appendDeleted(first, TOPICS.users, 'u-2', 0, 'later')).rejects.toBeInstanceOf(WriterFencedError);
    const { position } = await appendDeleted(second, TOPICS.users, 'u-1', 1, 'two');

    const events = await readEvents(second, { topics: [TOPICS.users] });
    const u1 = events.filter((event) => event.streamId === 'u-1');
    expect(u1.map((event) => [event.streamPosition, (event.data as { productId: string }).productId])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(u1.at(-1)!.position).toEqual(position);
    expect(events.map((event) => event.streamId)).not.toContain('u-2');
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
    const append = (streamId: string) => appendDeleted(log, TOPICS.products, streamId, 0, streamId);
    await expect(append('lost')).rejects.toThrow('connection lost during commit');
    await expect(append('next')).rejects.toThrow(/outcome is unknown: restart/);

    const restarted = await open();
    const { position } = await appendDeleted(restarted, TOPICS.products, 'after', 0, 'after');
    const streams = (await readEvents(restarted, { topics: [TOPICS.products] })).map((event) => event.streamId);
    expect(streams).toContain('after');
    expect(streams).not.toContain('lost');
    expect(streams).not.toContain('next');
    expect(position.topic).toBe(TOPICS.products);
  });

  it('reads a record another producer put on a topic as an UnreadableRecord at its offset, and reads on past it', async () => {
    const log = await open();
    const before = await appendDeleted(log, TOPICS.products, 'u-foreign', 0, 'u-foreign');
    const { partition } = before.position;
    const foreign = kafkaClient({ brokers }).producer({ createPartitioner: Partitioners.DefaultPartitioner });
    await foreign.connect();
    const [sent] = await foreign.send({
      topic: topicPrefix + TOPICS.products,
      acks: -1,
      messages: [{ key: null, value: 'not for the shop', partition }],
    });
    await foreign.disconnect();
    const after = await appendDeleted(log, TOPICS.products, 'u-foreign', 1, 'u-foreign');

    const read = (
      await readEvents(log, { topics: [TOPICS.products], from: (_topic, each) => (each === partition ? before.position.offset : 0) })
    ).filter((event) => event.position.partition === partition);
    expect(read.map((event) => [event.position.offset, event.type])).toEqual([
      [before.position.offset, 'ProductDeleted'],
      [Number(sent!.baseOffset), UNREADABLE_RECORD],
      [after.position.offset, 'ProductDeleted'],
    ]);
    expect(read[1]!.data).toMatchObject({
      reason: expect.stringContaining('is not a ToolForge event'),
      key: null,
      value: 'not for the shop',
    });
    expect(await eventsAt.readAt(TOPICS.products, partition, [Number(sent!.baseOffset), after.position.offset])).toEqual(read.slice(1));
  });

  it('says which log it is: the cluster and the topics, and where each partition ends', async () => {
    const log = await open();
    const appended = await appendDeleted(log, TOPICS.products, 'u-identity', 0, 'u-identity');
    const identity = await log.identify();
    const { clusterId } = await admin.describeCluster();
    expect(identity.logId).toBe(`Kafka cluster ${clusterId}, topics ${ALL_TOPICS.map((topic) => topicPrefix + topic).join(', ')}`);
    const end = identity.ends.find((entry) => entry.topic === TOPICS.products && entry.partition === appended.position.partition)!.end;
    // Past the event (and its transaction's marker).
    expect(end).toBeGreaterThan(appended.position.offset);
    expect(identity.ends).toHaveLength(ALL_TOPICS.reduce((sum, topic) => sum + DEFAULT_PARTITIONS[topic], 0));
  });

  it('refuses to append without a transactional id (a reader cannot fence the writer)', async () => {
    const reader = await open({});
    await expect(appendDeleted(reader, TOPICS.users, 'r', 0, 'r')).rejects.toThrow(/read-only/);
  });
});
