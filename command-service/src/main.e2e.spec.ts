import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ALL_TOPICS, parsePosition, type EventLog, type LoginResponse } from '@toolforge/contracts';
import { KafkaEventLog, PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform';
import { EMULATOR_HOST, createAccount, deleteTopics, uniqueEmail, uniqueTopicPrefix } from '@toolforge/platform/testing';

/**
 * Services mode (DESIGN §2): `npm start -w command-service` runs the built service alone, on Kafka
 * when KAFKA_BROKERS is set and on the embedded log otherwise, and stops gracefully on SIGTERM.
 * The test runs the package's start script itself rather than through npm, whose own process would
 * stand between the signal and the service (as it would under an orchestrator too).
 */
const packageDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const brokers = inject('kafkaBrokers');
const PORT = 5300;
const base = `http://127.0.0.1:${PORT}`;

/** Every service process a test started: none outlives the file, whatever failed. */
const started: ChildProcess[] = [];

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function startScript(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return manifest.scripts.start.split(' ');
}

async function startService(env: Record<string, string>): Promise<Running> {
  const [command, ...args] = await startScript();
  const child = spawn(command!, args, {
    cwd: packageDir,
    env: {
      ...process.env,
      COMMAND_PORT: String(PORT),
      HOST: '127.0.0.1',
      JWT_SECRET: 'services-mode-test-secret-long-enough',
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      KAFKA_BROKERS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the command service exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${base}/`, { signal: AbortSignal.timeout(500) });
      return { child, output: () => output, exited };
    } catch {
      await new Promise((done) => setTimeout(done, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`the command service did not listen on ${PORT}:\n${output}`);
}

async function signIn(): Promise<{ uid: string; position: string }> {
  const account = await createAccount({ displayName: 'Services Mode', emailVerified: true });
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.idToken}` },
    body: JSON.stringify({ uid: account.uid, name: account.displayName, email: account.email, loggedIn: true }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as LoginResponse;
  return { uid: account.uid, position: body.position };
}

/** SIGTERM, as an orchestrator sends it: the service must close cleanly and exit 0. */
async function stopGracefully(running: Running): Promise<void> {
  running.child.kill('SIGTERM');
  expect(await running.exited).toBe(0);
  expect(running.output()).toContain('command service stopping');
}

async function streamIds(log: EventLog): Promise<string[]> {
  const ids: string[] = [];
  for (const topic of ALL_TOPICS) {
    for (const partition of await log.partitions(topic)) ids.push(...(await log.read(topic, partition, 0, 1000)).map((event) => event.streamId));
  }
  return ids;
}

describe('npm start -w command-service', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  it('runs on Kafka when KAFKA_BROKERS is set, and stops gracefully on SIGTERM', async () => {
    const topicPrefix = uniqueTopicPrefix('services');
    cleanups.push(() => deleteTopics(brokers.split(','), topicPrefix));
    const running = await startService({
      KAFKA_BROKERS: brokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      KAFKA_TRANSACTIONAL_ID: `${topicPrefix}command-service`,
      ADMIN_EMAILS: uniqueEmail('admin'),
    });
    const { uid, position } = await signIn();
    await stopGracefully(running);

    const log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix });
    try {
      const { partition, offset } = parsePosition(position)!;
      expect(await log.read('identity.users', partition, offset, 1)).toMatchObject([{ type: 'UserSignedIn', streamId: uid }]);
    } finally {
      await log.close();
    }
  });

  it('runs on the embedded log in DATA_DIR without KAFKA_BROKERS', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-services-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const running = await startService({ DATA_DIR: dataDir, ADMIN_EMAILS: uniqueEmail('admin') });
    const { uid } = await signIn();
    await stopGracefully(running);

    const db = await openEmbeddedPostgres(dataDir);
    try {
      expect(await streamIds(await PgliteEventLog.open(db))).toContain(uid);
    } finally {
      await db.close();
    }
  });
});
