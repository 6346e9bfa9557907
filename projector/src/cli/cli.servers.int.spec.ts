import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { readConfig } from '@toolforge/platform';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { productAdded } from '@toolforge/contracts/testing';
import { createTestDatabase, deleteTopics, logWriter, uniqueTopicPrefix, type TestDatabase } from '@toolforge/platform/testing';
import { describeCli, runCli } from './cli.suite.js';
import { tailEvents } from './eventsTail.js';
import { connectToShop } from './shopConnection.js';

const brokers = inject('kafkaBrokers');
const TEST_MASTER_KEY = join(tmpdir(), 'toolforge-test-privacy-master-key');

/** A topic prefix and a new database of a test's own, as the tool's settings name them; both deleted after `work`. */
async function withNewShop(
  label: string,
  work: (shop: { env: NodeJS.ProcessEnv; database: TestDatabase; topicPrefix: string }) => Promise<void>,
) {
  const topicPrefix = uniqueTopicPrefix(label);
  const database = await createTestDatabase(inject('postgresUrl'));
  try {
    await work({ env: { KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: topicPrefix, DATABASE_URL: database.url }, database, topicPrefix });
  } finally {
    await database.drop();
    await deleteTopics(brokers.split(','), topicPrefix);
  }
}

describeCli('Kafka and PostgreSQL', async () => {
  const topicPrefix = uniqueTopicPrefix('cli');
  const log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix, transactionalId: `${topicPrefix}writer` });
  const database = await createTestDatabase(inject('postgresUrl'));
  return {
    log,
    readModel: database.sql,
    // The customers' keys' master key of the machine's test runs, not one in the repository's .data.
    env: { KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: topicPrefix, DATABASE_URL: database.url, PRIVACY_MASTER_KEY: TEST_MASTER_KEY },
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

it('refuses a replay or a rebuild while another holds the read model (exit 2), and goes on once it is let go', () =>
  withNewShop('cli-claim', async ({ env }) => {
    const holder = await connectToShop(readConfig(env), { readModel: true, writesReadModel: 'replay' });
    try {
      const claim = (await holder.claimRebuild())!;
      const replay = await runCli(['replay', '--from', '2026-11-20', '--dry-run'], env);
      expect({ code: replay.code, stdout: replay.stdout }).toEqual({ code: 2, stdout: '' });
      expect(replay.stderr).toBe('toolforge: a rebuild or replay of this read model is already running: wait for it to end first\n');
      expect((await runCli(['rebuild'], env)).code).toBe(2);
      await claim.release();
      // Let go, the replay goes on, to find that nothing was ever projected into this database.
      expect(await runCli(['replay', '--from', '2026-11-20', '--dry-run'], env)).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'toolforge: the read model has no tables yet, so there are no rows to replay: run the projector or `toolforge rebuild` first\n',
      });
    } finally {
      await holder.close();
    }
  }));

it('rebuilds a read model no projector has made yet (a new database), then audits it consistent', () =>
  withNewShop('cli-fresh', async ({ env, database, topicPrefix }) => {
    const log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix, transactionalId: `${topicPrefix}writer` });
    try {
      await logWriter(log)(productAdded({ productId: 'p-fresh', name: 'Fresh Spanner', stock: 7 }));
      const rebuilt = await runCli(['rebuild'], env);
      expect({ code: rebuilt.code, stderr: rebuilt.stderr }).toMatchObject({
        code: 0,
        stderr: expect.not.stringMatching(/\n\s+at /) as unknown,
      });
      const products = await database.sql.query<{ product_id: string; stock: number }>('select product_id, stock from products');
      expect(products.rows).toEqual([{ product_id: 'p-fresh', stock: 7 }]);
      expect((await runCli(['audit', 'orders'], env)).code).toBe(0);
    } finally {
      await log.close();
    }
  }));

it('says in one line that a command failed part-way, with exit code 3 and no stack trace', () =>
  withNewShop('cli-broken', async ({ env, database }) => {
    // A read model whose checkpoints table is not the projector's: every read of it is refused.
    await database.sql.query('create table projection_checkpoints (nothing integer)');
    const { code, stdout, stderr } = await runCli(['status'], env);
    expect({ code, stdout }).toEqual({ code: 3, stdout: '' });
    expect(stderr).toMatch(/^toolforge: status failed: column "\w+" does not exist\n$/);
    // Named as commander parsed it: an option's value is no part of the command's name.
    const asJson = await runCli(['status', '--format', 'json'], env);
    expect(asJson.code).toBe(3);
    expect(asJson.stderr).toMatch(/^toolforge: status failed: /);
  }));
