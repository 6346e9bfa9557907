import { expect, inject, it } from 'vitest';
import { KafkaEventLog } from '@toolforge/platform';
import { productAdded } from '@toolforge/contracts/testing';
import { createTestDatabase, deleteTopics, logWriter, uniqueTopicPrefix } from '@toolforge/platform/testing';
import { describeCli, runCli } from './cli.suite.js';
import { tailEvents } from './eventsTail.js';

const brokers = inject('kafkaBrokers');

describeCli('Kafka and PostgreSQL', async () => {
  const topicPrefix = uniqueTopicPrefix('cli');
  const log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix, transactionalId: `${topicPrefix}writer` });
  const database = await createTestDatabase(inject('postgresUrl'));
  return {
    log,
    readModel: database.sql,
    env: { KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: topicPrefix, DATABASE_URL: database.url },
    release: () => Promise.resolve(),
    async close() {
      await log.close();
      await database.drop();
      await deleteTopics(brokers.split(','), topicPrefix);
    },
  };
});

it('asks for DATABASE_URL beside KAFKA_BROKERS, with exit code 2', async () => {
  const { code, stderr } = await runCli(['audit', 'orders'], { KAFKA_BROKERS: brokers });
  expect(code).toBe(2);
  expect(stderr).toMatch(/set DATABASE_URL too/);
});

it('says it cannot reach PostgreSQL, with exit code 2 and no stack trace', async () => {
  const topicPrefix = uniqueTopicPrefix('cli');
  try {
    const { code, stderr } = await runCli(['status'], {
      KAFKA_BROKERS: brokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none',
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^toolforge: cannot reach PostgreSQL at postgres:\/\/nobody:\*+@127\.0\.0\.1:1\/none/);
    expect(stderr).not.toMatch(/secret|\n\s+at /);
  } finally {
    await deleteTopics(brokers.split(','), topicPrefix);
  }
});

it('tails from the log’s end: an event appended while it runs is printed, the ones before are not', async () => {
  const topicPrefix = uniqueTopicPrefix('cli-tail');
  const log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix, transactionalId: `${topicPrefix}writer` });
  try {
    const append = logWriter(log);
    await append(productAdded({ productId: 'p-before', name: 'Before' }));
    let stdout = '';
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    let appended: Promise<unknown> | undefined;
    await tailEvents(
      log,
      {},
      { out: (text) => void (stdout += text), err: () => undefined },
      {
        format: 'json',
        pollMs: 20,
        stop: stopped,
        // Something happens in the shop once the tail follows the log; the tail ends when it shows.
        following: () => {
          appended ??= append(productAdded({ productId: 'p-after', name: 'After' }));
          if (stdout.includes('p-after')) stop();
        },
      },
    );
    const streams = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { stream: string }).stream);
    expect(streams).toEqual(['p-after']);
  } finally {
    await log.close();
    await deleteTopics(brokers.split(','), topicPrefix);
  }
});
