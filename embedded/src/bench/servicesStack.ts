/**
 * Services mode on a large history (docs/architecture.md §2): the log seeded into Kafka under a topic
 * prefix of the run's own, then the projector, query service and command service each as its own
 * process, as scripts/start-services.mjs runs them, on a fresh PostgreSQL database and a Redis key
 * prefix of the run's own; caught up once the read model's checkpoints pass the seeded log's end.
 * Everything is deleted again on stop: a million orders are no topic to leave on a shared broker.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LogPosition } from '@toolforge/contracts';
import { openEventLog, readConfig, sqlCheckpoints, type SqlExecutor } from '@toolforge/platform';
import { createTestDatabase, deleteKeys, deleteTopics, startProcess, type LaunchedProcess } from '@toolforge/platform/testing';
import { seedShopHistory } from './seed.js';
import { CATCH_UP_TIMEOUT_MS, REPOSITORY, reportIfExited, say, shopEnvironment, shopNodeArguments, type RunningStack } from './stacks.js';
import type { BenchSettings } from './settings.js';

/** The services, each an entry of its workspace's build, with the port setting its /ready answers on. */
const SERVICES = [
  { name: 'projector', main: 'projector/dist/main.js', port: 'PROJECTOR_PORT' },
  { name: 'query-service', main: 'query-service/dist/main.js', port: 'QUERY_PORT' },
  { name: 'command-service', main: 'command-service/dist/main.js', port: 'COMMAND_PORT' },
] as const;

/** Waits until the projector's checkpoints are past every seeded position (polled, with progress). */
async function caughtUp(sql: SqlExecutor, seeded: readonly LogPosition[]): Promise<void> {
  const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
  let told = Date.now();
  for (;;) {
    // Until the projector has created its tables, there is nothing to read.
    const checkpoints = await sqlCheckpoints(sql)
      .checkpoints()
      .catch(() => []);
    const next = new Map(checkpoints.map((checkpoint) => [`${checkpoint.topic}/${checkpoint.partition}`, checkpoint.nextOffset]));
    const behind = seeded.filter((position) => (next.get(`${position.topic}/${position.partition}`) ?? 0) <= position.offset);
    if (behind.length === 0) return;
    if (Date.now() > deadline) throw new Error(`the projector did not catch up in ${CATCH_UP_TIMEOUT_MS / 60_000} min`);
    if (Date.now() - told > 15_000) {
      told = Date.now();
      const done = checkpoints.reduce((sum, checkpoint) => sum + checkpoint.nextOffset, 0);
      say(`services: the projector is at ${done.toLocaleString('en')} offsets; ${behind.length} partition(s) to go`);
    }
    await sleep(500);
  }
}

export async function startServicesStack(settings: BenchSettings): Promise<RunningStack> {
  const run = `bench-${crypto.randomUUID().slice(0, 8)}`;
  const topicPrefix = `${run}.`;
  const redisKeyPrefix = `${run}:`;
  const database = await createTestDatabase(settings.postgresUrl);
  const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-bench-services-'));
  const env: NodeJS.ProcessEnv = {
    ...shopEnvironment(settings),
    KAFKA_BROKERS: settings.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: topicPrefix,
    DATABASE_URL: database.url,
    REDIS_URL: settings.redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    DATA_DIR: dataDir,
    PROJECTOR_PORT: String(settings.portBase + 13),
    QUERY_PORT: String(settings.portBase + 12),
    COMMAND_PORT: String(settings.portBase + 11),
  };
  const processes: LaunchedProcess[] = [];
  const stop = async () => {
    // The command service first: nothing is written while the others stop.
    for (const service of processes.reverse()) {
      reportIfExited(service);
      await service.stop({ graceMs: 20_000 });
    }
    await database.drop();
    await deleteTopics(settings.kafkaBrokers, topicPrefix);
    await deleteKeys(settings.redisUrl, redisKeyPrefix);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // As the log's writer, under the transactional id the command service takes over after it.
    const opened = await openEventLog(readConfig(env), { clientId: 'toolforge-bench-seed', writer: true });
    let seeded;
    try {
      seeded = await seedShopHistory(opened.log, settings, (line) => say(`services ${line}`));
    } finally {
      await opened.close();
    }
    say(`services: ${seeded.events.toLocaleString('en')} events seeded in ${seeded.seconds.toFixed(1)} s; starting the services`);

    const started = performance.now();
    const launched = await Promise.allSettled(
      SERVICES.map((service) =>
        startProcess({
          name: service.name,
          command: process.execPath,
          args: [...shopNodeArguments(settings), join(REPOSITORY, service.main)],
          cwd: REPOSITORY,
          env,
          output: 'collect',
          ready: { url: `http://127.0.0.1:${env[service.port]}/ready` },
          timeoutMs: CATCH_UP_TIMEOUT_MS,
          pollMs: 500,
        }),
      ),
    );
    for (const outcome of launched) if (outcome.status === 'fulfilled') processes.push(outcome.value);
    const failed = launched.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    await caughtUp(database.sql, seeded.lastPositions);
    return {
      name: 'services',
      commandUrl: `http://127.0.0.1:${env.COMMAND_PORT}`,
      queryUrl: `http://127.0.0.1:${env.QUERY_PORT}`,
      seeded,
      catchUpSeconds: (performance.now() - started) / 1000,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
