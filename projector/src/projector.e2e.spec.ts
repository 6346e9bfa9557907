import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { productAdded } from '@toolforge/contracts/testing';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import {
  createTestDatabase,
  deleteTopics,
  logWriter,
  startServiceProcess,
  uniqueTopicPrefix,
  type ServiceProcess,
  type TestDatabase,
} from '@toolforge/platform/testing';
import { openTestReadModel, type TestReadModel } from './test/readModel.js';

/**
 * The built projector (`npm start -w projector`, services mode) as an orchestrator runs it: one
 * killed without warning is replaced within seconds, and one pointed at a read model of another
 * log refuses to run until told to rebuild.
 */
const packageDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
const brokers = inject('kafkaBrokers');

describe('the projector process', () => {
  const topicPrefix = uniqueTopicPrefix('projector-e2e');
  const running: ServiceProcess[] = [];
  const databases: TestDatabase[] = [];
  let log: KafkaEventLog;
  let append: ReturnType<typeof logWriter>;

  beforeAll(async () => {
    log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix, transactionalId: `${topicPrefix}writer` });
    append = logWriter(log);
  });
  afterEach(async () => {
    // Stopped, each leaves the consumer group, so that the group can be deleted at the end.
    for (const service of running.splice(0)) await service.stop();
    for (const database of databases.splice(0)) await database.drop();
  });
  afterAll(async () => {
    await log?.close();
    await deleteTopics(brokers.split(','), topicPrefix);
  });

  async function database(): Promise<TestDatabase> {
    const created = await createTestDatabase(inject('postgresUrl'));
    databases.push(created);
    return created;
  }

  async function startProjector(databaseUrl: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
    const service = await startServiceProcess({
      packageDir,
      env: { KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: topicPrefix, DATABASE_URL: databaseUrl, REDIS_URL: '', LOG_LEVEL: 'info', ...env },
      ready: { output: 'projector on Kafka' },
    });
    running.push(service);
    return service;
  }

  /** Appends a product and waits, bounded, until the read model has it. */
  async function addedAndApplied(store: TestReadModel): Promise<void> {
    const { position } = await append(productAdded());
    await expect
      .poll(() => store.nextOffset(position.topic, position.partition), { timeout: 15_000, interval: 100 })
      .toBeGreaterThan(position.offset);
  }

  it('is replaced within seconds when killed: a second projector takes its partitions over and applies what comes next', async () => {
    const db = await database();
    const store = await openTestReadModel(db.sql);
    const first = await startProjector(db.url);
    await addedAndApplied(store);

    first.kill();
    expect(await first.exited).toBeNull();
    // The group only hears of the dead member when its session times out: then the second one gets every partition.
    await startProjector(db.url);
    await addedAndApplied(store);
  }, 60_000);

  it('refuses, with exit code 2 and what to do, a read model built from another log; rebuilds it when told to', async () => {
    const db = await database();
    const store = await openTestReadModel(db.sql);
    expect(await store.bindToLog({ logId: 'Kafka cluster elsewhere', ends: [], onChange: 'refuse' })).toEqual({ outcome: 'bound' });

    await expect(startProjector(db.url)).rejects.toThrow(
      /exited \(2\)[\s\S]*built from Kafka cluster elsewhere[\s\S]*PROJECTOR_ON_LOG_CHANGE=rebuild/,
    );

    await startProjector(db.url, { PROJECTOR_ON_LOG_CHANGE: 'rebuild' });
    await addedAndApplied(store);
  }, 60_000);

  it('builds a read model that has applied nothing in bulk before it consumes, on a log of BULK_BUILD_FROM events or more', async () => {
    let last = (await append(productAdded())).position;
    for (let n = 0; n < 3; n += 1) last = (await append(productAdded())).position;
    const db = await database();
    const store = await openTestReadModel(db.sql);

    const projector = await startProjector(db.url, { BULK_BUILD_FROM: '4' });
    expect(projector.output()).toMatch(/the read model was built in bulk: \d+ events/);
    // Built before it joined the consumer group: everything appended is there as it starts.
    expect(await store.nextOffset(last.topic, last.partition)).toBeGreaterThan(last.offset);
    await addedAndApplied(store);

    // A read model that has applied something is never built again.
    await projector.stop();
    running.splice(running.indexOf(projector), 1);
    const again = await startProjector(db.url, { BULK_BUILD_FROM: '1' });
    expect(again.output()).not.toMatch(/built in bulk/);
    await addedAndApplied(store);
  }, 90_000);
});
