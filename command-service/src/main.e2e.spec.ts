import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parsePosition, type LoginResponse } from '@toolforge/contracts';
import type { EventLog } from '@toolforge/platform';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { DataDirInUse, PgliteEventLog, lockDataDir, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import {
  EMULATOR_HOST,
  createAccount,
  createTestDatabase,
  deleteTopics,
  eventAt,
  fetchJson,
  launch,
  readEvents,
  startServiceProcess,
  testPort,
  uniqueEmail,
  uniqueTopicPrefix,
  type ServiceProcess,
} from '@toolforge/platform/testing';

/**
 * Services mode (docs/architecture.md#2-two-ways-to-run-same-code): `npm start -w command-service` runs the built service alone, on Kafka
 * when KAFKA_BROKERS is set and on the embedded log otherwise, and stops gracefully on SIGTERM.
 * The test runs the package's start script itself rather than through npm, whose own process would
 * stand between the signal and the service (as it would under an orchestrator too).
 */
const packageDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const brokers = inject('kafkaBrokers');
const PORT = testPort('commandAlone');
const base = `http://127.0.0.1:${PORT}`;

/** Every service process a test started: none outlives the file, whatever failed. */
const started: ServiceProcess[] = [];

async function startService(env: Record<string, string>): Promise<ServiceProcess> {
  const service = await startServiceProcess({
    packageDir,
    env: {
      COMMAND_PORT: String(PORT),
      HOST: '127.0.0.1',
      JWT_SECRET: 'services-mode-test-secret-long-enough',
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      KAFKA_BROKERS: '',
      ...env,
    },
    ready: { url: `${base}/ready` },
  });
  started.push(service);
  return service;
}

async function signIn(): Promise<{ uid: string; position: string }> {
  const account = await createAccount({ displayName: 'Services Mode', emailVerified: true });
  const response = await fetchJson<LoginResponse>(`${base}/login`, {
    method: 'POST',
    token: account.idToken,
    body: { uid: account.uid, name: account.displayName, email: account.email, loggedIn: true },
  });
  expect(response.status).toBe(200);
  return { uid: account.uid, position: response.body.position };
}

/** SIGTERM, as an orchestrator sends it: the service must close cleanly and exit 0. */
async function stopGracefully(running: ServiceProcess): Promise<void> {
  expect(await running.stop({ signal: 'SIGTERM' })).toBe(0);
  expect(running.output()).toContain('command service stopping');
}

async function streamIds(log: EventLog): Promise<string[]> {
  return (await readEvents(log)).map((event) => event.streamId);
}

/**
 * Runs the built service with exactly these settings (nothing of the test's environment but PATH),
 * from a home without gcloud credentials, and resolves its exit code and output once it exits.
 */
async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const home = await mkdtemp(join(tmpdir(), 'toolforge-home-'));
  try {
    const service = launch({
      name: 'the command service',
      command: process.execPath,
      args: ['dist/main.js'],
      cwd: packageDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        COMMAND_PORT: String(PORT),
        KAFKA_BROKERS: '',
        DATA_DIR: join(home, 'data'),
        ...env,
      },
    });
    const code = await service.waitForExit(30_000);
    return { code, output: service.output() };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

describe('the command service refuses to start on settings it cannot trust', () => {
  it('without FIREBASE_AUTH_EMULATOR_HOST and without Firebase credentials: exit 2, the reason, no stack trace', async () => {
    const { code, output } = await runUntilExit({ FIREBASE_PROJECT_ID: 'toolforge-prod' });
    expect(code).toBe(2);
    expect(output).toContain('No Firebase credentials for project toolforge-prod, and no Auth emulator');
    expect(output).toContain('FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099');
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('with a GOOGLE_APPLICATION_CREDENTIALS file that is not there', async () => {
    const { code, output } = await runUntilExit({ GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/key.json' });
    expect(code).toBe(2);
    expect(output).toContain('GOOGLE_APPLICATION_CREDENTIALS names /nonexistent/key.json, which cannot be read');
  });

  it('with a JWT_SECRET shorter than 32 characters', async () => {
    const { code, output } = await runUntilExit({ FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, JWT_SECRET: 'change-me' });
    expect(code).toBe(2);
    expect(output).toContain('JWT_SECRET should be at least 32 characters long');
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('with a rate limit that is no count', async () => {
    const { code, output } = await runUntilExit({ FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, RATE_LIMIT_ORDER: 'plenty' });
    expect(code).toBe(2);
    expect(output).toContain('RATE_LIMIT_ORDER should be a whole number of at least 0, not "plenty"');
    expect(output).not.toMatch(/^\s+at /m);
  });
});

describe('npm start -w command-service', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const service of started) service.kill();
    for (const cleanup of cleanups) await cleanup();
  });

  it('runs on Kafka when KAFKA_BROKERS is set, and stops gracefully on SIGTERM', async () => {
    const topicPrefix = uniqueTopicPrefix('services');
    cleanups.push(() => deleteTopics(brokers.split(','), topicPrefix));
    // The customers' keys are in the read model's PostgreSQL beside Kafka (docs/privacy.md).
    const database = await createTestDatabase(inject('postgresUrl'));
    cleanups.push(() => database.drop());
    const running = await startService({
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      KAFKA_TRANSACTIONAL_ID: `${topicPrefix}command-service`,
      ADMIN_EMAILS: uniqueEmail('admin'),
    });
    const { uid, position } = await signIn();
    await stopGracefully(running);

    const log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix });
    try {
      expect(await eventAt(log, parsePosition(position)!)).toMatchObject({ type: 'UserSignedIn', streamId: uid });
    } finally {
      await log.close();
    }
  });

  it('runs on the embedded log in DATA_DIR without KAFKA_BROKERS', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-services-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const running = await startService({ DATA_DIR: dataDir, ADMIN_EMAILS: uniqueEmail('admin') });
    const { uid } = await signIn();
    // It holds the data dir as `make start` does: nothing else opens the same PGlite files meanwhile.
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUse);
    expect((await fetchJson(`${base}/ready`)).body).toEqual({ status: 'ok' });
    await stopGracefully(running);

    const db = await openEmbeddedPostgres(dataDir);
    try {
      expect(await streamIds(await PgliteEventLog.open(db))).toContain(uid);
    } finally {
      await db.close();
    }
  });
});
