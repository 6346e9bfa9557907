import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FORMER_CUSTOMER, type OrderPlaced } from '@toolforge/contracts';
import { orderCancelled, orderPaidByCard, orderPlaced, productAdded, userSignedIn } from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { openVault, sealedLog } from '@toolforge/platform/privacy';
import { createTestDatabase, deleteTopics, logWriter, readEvents, uniqueTopicPrefix, type TestDatabase } from '@toolforge/platform/testing';
import { run } from '../program.js';
import type { ResealReport } from './resealReport.js';

const brokers = inject('kafkaBrokers');
const postgresUrl = inject('postgresUrl');

const saw = { productId: 'p-saw', name: 'Tenon Saw', priceCents: 32_00 };

/**
 * `privacy reseal` on Kafka: topics of a shop that ran before sealing, copied into topics under a new
 * prefix on the same cluster, sealed with the key store in DATABASE_URL that both logs share, where
 * Grace was erased before the reseal.
 */
describe('toolforge privacy reseal on Kafka', { timeout: 180_000 }, () => {
  const oldPrefix = uniqueTopicPrefix('reseal');
  const newPrefix = uniqueTopicPrefix('resealed');
  let dataDir: string;
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let old: StoredEvent[];
  let report: ResealReport;
  let code: number;
  const ofAnn = Array.from({ length: 5 }, (_, n) =>
    orderPlaced(saw, { userId: 'uid-ann', userName: 'Ann Hopper', shippingAddress: `${n + 1} Compiler Court, Leeds` }),
  );
  const ofGrace = orderPlaced(saw, { userId: 'uid-grace', userName: 'Grace Erased', shippingAddress: '1 Gone Street, York' });

  async function cli(argv: string[]) {
    let stdout = '';
    let stderr = '';
    const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) };
    return { code: await run(argv, io, env), stdout: () => stdout, stderr: () => stderr };
  }

  async function readTopics(prefix: string, how: 'as written' | 'revealed'): Promise<StoredEvent[]> {
    const log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix: prefix });
    try {
      if (how === 'as written') return await readEvents(log, { asWritten: true });
      const { vault } = await openVault(database.sql, { masterKeyFile: join(dataDir, 'privacy-master-key') }, { readOnly: true });
      return await readEvents(sealedLog(log, vault));
    } finally {
      await log.close();
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-reseal-kafka-'));
    database = await createTestDatabase(postgresUrl);
    env = { KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: oldPrefix, DATABASE_URL: database.url, DATA_DIR: dataDir };
    const log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix: oldPrefix, transactionalId: `${oldPrefix}writer` });
    try {
      const append = logWriter(log);
      await append(productAdded({ ...saw, stock: 40 }));
      await append(userSignedIn({ uid: 'uid-ann', name: 'Ann Hopper', email: 'ann.hopper@example.org' }));
      await append(userSignedIn({ uid: 'uid-grace', name: 'Grace Erased', email: 'grace@example.org' }));
      for (const order of ofAnn) await append(order);
      for (const order of ofAnn) await append(orderPaidByCard(order.data));
      await append(ofGrace);
      await append(orderCancelled(ofGrace.data, { reason: 'Grace changed her mind' }));
    } finally {
      await log.close();
    }
    const { keys } = await openVault(database.sql, { masterKeyFile: join(dataDir, 'privacy-master-key') });
    await keys.forget('uid-grace', null);
    old = await readTopics(oldPrefix, 'revealed');
    const result = await cli(['privacy', 'reseal', '--to-topic-prefix', newPrefix, '--format', 'json']);
    code = result.code;
    expect(result.stderr()).not.toMatch(/failed/);
    report = JSON.parse(result.stdout()) as ResealReport;
  });
  afterAll(async () => {
    await deleteTopics(brokers.split(','), oldPrefix);
    await deleteTopics(brokers.split(','), newPrefix);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('passes every check (exit 0) and names the prefix to switch to', () => {
    expect(code).toBe(0);
    expect(report.checks.map((check) => [check.check, check.passed, check.problems])).toEqual([
      ['audit verify', true, []],
      ['audit orders', true, []],
      ['events', true, []],
      ['personal data', true, []],
    ]);
    expect(report.events).toEqual({ 'catalog.products': 1, 'sales.orders': 12, 'identity.users': 2 });
    expect(report.to.setting).toBe(`KAFKA_TOPIC_PREFIX=${newPrefix}`);
    expect(report.nextSteps.join('\n')).toMatch(/PROJECTOR_ON_LOG_CHANGE=rebuild/);
  });

  it('writes no personal value in clear, keeps each stream’s order, and reads back as the old log but for the erased customer', async () => {
    const written = await readTopics(newPrefix, 'as written');
    expect(written).toHaveLength(old.length);
    const text = JSON.stringify(written);
    for (const value of ['Ann Hopper', 'ann.hopper@', 'Compiler Court', 'Grace Erased', 'grace@', 'Gone Street', 'changed her mind'])
      expect(text).not.toContain(value);
    // Each stream's events in its order, in one partition: the same streams and positions as before.
    const streams = (events: readonly StoredEvent[]) =>
      events.map((event) => `${event.position.topic} ${event.streamId} ${event.streamPosition} ${event.meta.eventId}`).sort();
    expect(streams(written)).toEqual(streams(old));
    for (const event of written) {
      const before = old.find((candidate) => candidate.meta.eventId === event.meta.eventId)!;
      expect(event.position.partition).toBe(before.position.partition);
    }

    const revealed = new Map((await readTopics(newPrefix, 'revealed')).map((event) => [event.meta.eventId, event.data]));
    for (const event of old) {
      const data = revealed.get(event.meta.eventId);
      if (event.meta.eventId === ofGrace.meta.eventId)
        expect(data).toEqual({ ...ofGrace.data, userName: FORMER_CUSTOMER, shippingAddress: '' } satisfies OrderPlaced['data']);
      else if ((event.data as { uid?: string; userId?: string }).uid === 'uid-grace')
        expect(data).toMatchObject({ name: FORMER_CUSTOMER, email: '' });
      else if (event.type === 'OrderCancelled') expect(data).toEqual({ ...event.data, reason: '' });
      else expect(data).toEqual(event.data);
    }
  });

  it('refuses (exit 2) topics under the new prefix that hold events, and the log’s own prefix', async () => {
    const again = await cli(['privacy', 'reseal', '--to-topic-prefix', newPrefix]);
    expect(again.code).toBe(2);
    expect(again.stderr()).toMatch(/the new log \(Kafka at .*, the topics under the prefix .*\) already holds events/);
    const own = await cli(['privacy', 'reseal', '--to-topic-prefix', oldPrefix]);
    expect(own.code).toBe(2);
    expect(own.stderr()).toMatch(/is the log’s own \(KAFKA_TOPIC_PREFIX\)/);
  });
});
