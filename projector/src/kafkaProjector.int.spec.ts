import type { Admin } from 'kafkajs';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_TOPICS, type LogPosition, type ShopEvent } from '@toolforge/contracts';
import { adminGranted, orderPlaced, productAdded, productDeleted, userSignedIn } from '@toolforge/contracts/testing';
import type { AppendResult, Logger } from '@toolforge/platform';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { RedisCache } from '@toolforge/platform/redis';
import type { OnLogChange, SqlExecutor } from '@toolforge/platform/sql';
import { CACHE_AREAS, catalogueHotAnswers } from '@toolforge/read-model';
import {
  createTestDatabase,
  deleteKeys,
  deleteTopics,
  kafkaAdmin,
  logWriter,
  uniqueKeyPrefix,
  uniqueTopicPrefix,
  type TestDatabase,
} from '@toolforge/platform/testing';
import { KafkaProjector, PROJECTOR_GROUP } from './kafkaProjector.js';
import { Projector } from './projector.js';
import type { Committed } from './readModelUpdater.js';
import { checkpointsAfter, checkpointsOf } from './test/checkpoints.js';
import { failingBeforeCommit } from './test/failingExecutor.js';
import { RecordProducer } from './test/injectedEvents.js';
import { dumpReadModel, openTestReadModel } from './test/readModel.js';
import { LogChangedError } from './logBinding.js';

const brokers = inject('kafkaBrokers').split(',');
const postgresUrl = inject('postgresUrl');
const redisUrl = inject('redisUrl');

/**
 * The projector of services mode: a Kafka consumer group member that applies each partition batch
 * with its checkpoint in one PostgreSQL transaction and resumes from that checkpoint.
 */
describe('KafkaProjector', () => {
  const topicPrefix = uniqueTopicPrefix('kafka-projector');
  const keyPrefix = uniqueKeyPrefix('kafka-projector');
  let log: KafkaEventLog;
  let append: (event: ShopEvent) => Promise<AppendResult>;
  let admin: Admin;
  const positions: LogPosition[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    log = await KafkaEventLog.open({ brokers, topicPrefix, transactionalId: `${topicPrefix}writer` });
    const write = logWriter(log);
    append = async (event) => {
      const result = await write(event);
      positions.push(result.position);
      return result;
    };
    admin = kafkaAdmin(brokers);
    await admin.connect();
  });
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });
  afterAll(async () => {
    await admin?.disconnect();
    await log?.close();
    await deleteTopics(brokers, topicPrefix);
    await deleteKeys(redisUrl, keyPrefix);
  });

  async function database(): Promise<TestDatabase> {
    const opened = await createTestDatabase(postgresUrl);
    cleanups.push(() => opened.drop());
    return opened;
  }

  async function startProjector(
    sql: SqlExecutor,
    options: { groupId: string; cache?: RedisCache; topicPrefix?: string; onLogChange?: OnLogChange; logger?: Logger },
  ) {
    const store = await openTestReadModel(sql);
    const projector = await KafkaProjector.start({
      brokers,
      topicPrefix: options.topicPrefix ?? topicPrefix,
      groupId: options.groupId,
      store,
      cache: options.cache,
      hotAnswers: catalogueHotAnswers(store),
      retryDelayMs: 20,
      onLogChange: options.onLogChange,
      logger: options.logger,
    });
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await projector.stop();
    };
    cleanups.push(stop);
    return { projector, stop };
  }

  /** Waits until the read model has applied every event appended so far. */
  async function caughtUp(sql: SqlExecutor): Promise<void> {
    const store = await openTestReadModel(sql);
    await expect.poll(() => checkpointsOf(store, ALL_TOPICS), { timeout: 15_000, interval: 50 }).toEqual(checkpointsAfter(positions));
  }

  /** The read model the polling projector builds from the whole log on a fresh database. */
  async function rebuilt() {
    const fresh = await database();
    await new Projector({ log, store: await openTestReadModel(fresh.sql) }).catchUp();
    return dumpReadModel(fresh.sql);
  }

  const group = () => `${topicPrefix}${PROJECTOR_GROUP}-${crypto.randomUUID().slice(0, 6)}`;

  it('applies what the log holds and what comes later, tells the cache and listeners, and commits offsets as a hint', async () => {
    const drill = productAdded({ productId: `p-drill-${crypto.randomUUID()}`, stock: 40 });
    await append(userSignedIn({ uid: 'u-ada' }));
    await append(drill);
    const db = await database();
    const cache = RedisCache.open({ url: redisUrl, keyPrefix });
    cleanups.push(() => cache.close());
    await cache.waitUntilReady(5000);
    const catalogueBefore = (await cache.generation(CACHE_AREAS.catalogue))!;
    const groupId = group();
    const { projector } = await startProjector(db.sql, { groupId, cache });
    const committed: Committed[] = [];
    projector.onCommitted((position) => committed.push(position));

    await append(orderPlaced(drill.data, { userId: 'u-ada', quantity: 5 }));
    await append(adminGranted('u-ada'));
    await caughtUp(db.sql);

    expect(await dumpReadModel(db.sql)).toEqual(await rebuilt());
    const store = await openTestReadModel(db.sql);
    expect((await store.findProduct(drill.data.productId))?.availableStock).toBe(35);
    expect(committed.length).toBeGreaterThan(0);
    expect(await cache.generation(CACHE_AREAS.catalogue)).toBeGreaterThan(catalogueBefore);
    // The Kafka offsets follow the PostgreSQL commits (past each applied event and its marker); they
    // are committed beside the next fetch, not before it, so they may land a moment later.
    const checkpoints = await checkpointsOf(store, ['sales.orders']);
    const behindCheckpoints = async () => {
      const [offsets] = await admin.fetchOffsets({ groupId, topics: [`${topicPrefix}sales.orders`] });
      return offsets!.partitions.filter(({ partition, offset }) => {
        const checkpoint = checkpoints.get(`sales.orders/${partition}`);
        return checkpoint !== undefined && Number(offset) < checkpoint;
      });
    };
    await expect.poll(behindCheckpoints, { timeout: 10_000 }).toEqual([]);
  });

  it('resumes from the checkpoint in PostgreSQL, whatever offsets Kafka holds for the group', async () => {
    const db = await database();
    const groupId = group();
    const vise = productAdded({ productId: `p-vise-${crypto.randomUUID()}`, stock: 100 });
    await append(vise);
    const first = await startProjector(db.sql, { groupId });
    await caughtUp(db.sql);
    await first.stop();

    // Kafka's offsets behind the read model (a group without any, as after an offset commit lost
    // in a crash): delivered again from the start, nothing is applied twice.
    await append(orderPlaced(vise.data, { quantity: 3 }));
    const behind = await startProjector(db.sql, { groupId: group() });
    await caughtUp(db.sql);
    await behind.stop();
    expect((await (await openTestReadModel(db.sql)).findProduct(vise.data.productId))?.availableStock).toBe(97);
    expect(await dumpReadModel(db.sql)).toEqual(await rebuilt());

    // Kafka's offsets ahead of the read model (the first group's, past everything, on a rebuilt and
    // empty read model): nothing is skipped.
    const emptied = await database();
    await startProjector(emptied.sql, { groupId });
    await caughtUp(emptied.sql);
    expect(await dumpReadModel(emptied.sql)).toEqual(await dumpReadModel(db.sql));
  });

  it('retries a batch whose commit fails, and applies it once', async () => {
    const db = await database();
    const failing = failingBeforeCommit(db.sql);
    await startProjector(failing, { groupId: group() });
    failing.failNextCommits(2);
    await append(productDeleted(`p-gone-${crypto.randomUUID()}`));
    await caughtUp(db.sql);
    expect(failing.failures()).toBe(2);
    expect(await dumpReadModel(db.sql)).toEqual(await rebuilt());
  });

  it('shares the partitions with a second instance, and leaves the group when stopped', async () => {
    const db = await database();
    const groupId = group();
    const one = await startProjector(db.sql, { groupId });
    const two = await startProjector(db.sql, { groupId });
    await expect
      .poll(async () => (await admin.describeGroups([groupId])).groups[0]!.members.length, { timeout: 15_000, interval: 200 })
      .toBe(2);
    for (let n = 0; n < 6; n += 1) await append(userSignedIn({ uid: `u-${n}-${crypto.randomUUID()}` }));
    await caughtUp(db.sql);
    expect(await dumpReadModel(db.sql)).toEqual(await rebuilt());

    await one.stop();
    await two.stop();
    const [described] = (await admin.describeGroups([groupId])).groups;
    expect(described).toMatchObject({ state: 'Empty', members: [] });
  });

  it('sets aside a NUL the database refuses and records that are no events, and goes on with the partition', async () => {
    const db = await database();
    const producer = await RecordProducer.open(brokers, topicPrefix);
    cleanups.push(() => producer.close());
    const productId = `p-${crypto.randomUUID()}`;
    const first = await log.append({
      topic: 'catalog.products',
      streamId: productId,
      expectedVersion: 0,
      events: [productAdded({ productId })],
    });
    const { partition } = first.position;
    // The command side's schemas will refuse control characters; a NUL that got into the log anyway.
    const nul = await log.append({
      topic: 'catalog.products',
      streamId: productId,
      expectedVersion: 1,
      events: [productAdded({ productId: `${productId}-nul`, name: 'Claw\u0000Hammer' })],
    });
    // Records another producer put on the topic: no key, and no JSON.
    const noKey = await producer.send('catalog.products', { key: null, value: 'hello', partition });
    const noJson = await producer.send('catalog.products', {
      key: productId,
      value: '{"type":',
      headers: { 'stream-position': '3' },
      partition,
    });
    // A record that holds no event takes no place in the stream, whatever its header says: the stream holds two events.
    const last = await log.append({
      topic: 'catalog.products',
      streamId: productId,
      expectedVersion: 2,
      events: [productDeleted(productId)],
    });
    expect([nul.position.partition, last.position.partition]).toEqual([partition, partition]);
    // The other tests wait for every event appended so far.
    positions.push(first.position, nul.position, last.position);

    const logged: Record<string, unknown>[] = [];
    const logger = {
      info: () => undefined,
      warn: () => undefined,
      error: (details: object) => logged.push(details as Record<string, unknown>),
    };
    await startProjector(db.sql, { groupId: group(), logger });
    const store = await openTestReadModel(db.sql);
    await expect
      .poll(() => store.nextOffset('catalog.products', partition), { timeout: 15_000, interval: 50 })
      .toBe(last.position.offset + 1);

    // The events before and after are applied: the product was added, then deleted.
    const rows = await db.sql.query<{ product_id: string; deleted: boolean }>(
      'select product_id, deleted_at is not null as deleted from products where product_id like $1',
      [`${productId}%`],
    );
    expect(rows.rows).toEqual([{ product_id: productId, deleted: true }]);
    const letters = (await store.deadLetters()).sort((a, b) => a.offset - b.offset);
    expect(letters.map(({ offset, type, error }) => [offset, type, error])).toEqual([
      [nul.position.offset, 'ProductAdded', expect.stringContaining('SQLSTATE 22021')],
      [noKey.offset, 'UnreadableRecord', expect.stringContaining('has no key or no value')],
      [noJson.offset, 'UnreadableRecord', expect.stringContaining('is not JSON')],
    ]);
    expect(JSON.parse(letters[0]!.event)).toMatchObject({ data: { name: 'Claw\u0000Hammer' } });
    expect(logged).toEqual(
      expect.arrayContaining(
        letters.map(({ topic, partition: at, offset, type, error }) => ({ topic, partition: at, offset, type, error })),
      ),
    );
  });

  it('refuses a read model built from another log, and rebuilds it from the new log when told to', async () => {
    const db = await database();
    await append(productAdded({ productId: `p-${crypto.randomUUID()}` }));
    const first = await startProjector(db.sql, { groupId: group() });
    await caughtUp(db.sql);
    await first.stop();
    const builtFromFirst = await dumpReadModel(db.sql);

    // Another log: the same cluster, other topics (as after pointing the projector at another shop).
    const otherPrefix = uniqueTopicPrefix('kafka-projector-other');
    cleanups.push(() => deleteTopics(brokers, otherPrefix));
    const other = await KafkaEventLog.open({ brokers, topicPrefix: otherPrefix, transactionalId: `${otherPrefix}writer` });
    cleanups.push(() => other.close());
    const added = await logWriter(other)(productAdded({ productId: 'p-other' }));

    await expect(startProjector(db.sql, { groupId: `${otherPrefix}${PROJECTOR_GROUP}`, topicPrefix: otherPrefix })).rejects.toThrow(
      LogChangedError,
    );
    expect(await dumpReadModel(db.sql)).toEqual(builtFromFirst);

    await startProjector(db.sql, { groupId: `${otherPrefix}${PROJECTOR_GROUP}`, topicPrefix: otherPrefix, onLogChange: 'rebuild' });
    const store = await openTestReadModel(db.sql);
    await expect
      .poll(() => store.nextOffset('catalog.products', added.position.partition), { timeout: 15_000, interval: 50 })
      .toBe(added.position.offset + 1);
    expect((await store.listProducts({ offset: 0, limit: 10 })).map((product) => product.productId)).toEqual(['p-other']);
    expect(await checkpointsOf(store, ALL_TOPICS)).toEqual(checkpointsAfter([added.position]));
  });
});
