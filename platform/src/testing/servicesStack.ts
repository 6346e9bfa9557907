/**
 * The shop in services mode (docs/architecture.md#2-two-ways-to-run-same-code) for a run of the bench or the browser test:
 * a log seeded into Kafka under a topic prefix of the run's own, then the projector, query service
 * and command service (and, if asked, the built web app) each as its own process from its build,
 * as scripts/start-services.mjs runs them, on a fresh PostgreSQL database and a Redis key prefix of
 * the run's own. stop() deletes all of it again, so runs on one shared broker and server never meet.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { LogPosition } from '@toolforge/contracts';
import { readConfig } from '../config.js';
import type { AppendResult, EventLog } from '../eventLog/eventLog.js';
import { openEventLog } from '../openEventLog/openEventLog.js';
import { sqlCheckpoints } from '../sql/projectionStore.js';
import { offsetsApplied } from '../sql/readStore.js';
import type { SqlExecutor } from '../sql/sql.js';
import { uniqueTopicPrefix, deleteTopics, kafkaSignInEnv } from './kafka.js';
import { createTestDatabase, type TestDatabase } from './postgres.js';
import { deleteKeys, uniqueKeyPrefix } from './redis.js';
import { startProcess, type LaunchedProcess } from './serviceProcess.js';

/** The repository's root, from src/testing and from dist/testing alike. */
const REPOSITORY = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** In the order scripts/start-services.mjs starts them; each is ready when `path` answers 2xx on its port. */
const SERVICES = [
  { name: 'projector', main: 'projector/dist/main.js', port: 'projector', path: '/ready', kafka: 'projector' },
  { name: 'query-service', main: 'query-service/dist/main.js', port: 'query', path: '/ready', kafka: 'query-service' },
  { name: 'command-service', main: 'command-service/dist/main.js', port: 'command', path: '/ready', kafka: 'command-service' },
  { name: 'web', main: 'scripts/web-server.mjs', port: 'web', path: '/', kafka: undefined },
] as const;

export interface ServicesStackPorts {
  command: number;
  query: number;
  projector: number;
  /** The built web app (scripts/web-server.mjs) on this port, told the two API addresses; none without it. */
  web?: number;
}

export interface ServicesStackOptions<Seeded> {
  /** Begins the run's topic prefix, Redis key prefix and data dir, so a leftover says whose it is. */
  label: string;
  kafkaBrokers: readonly string[];
  /** The server the run's own database is created on. */
  postgresUrl: string;
  redisUrl: string;
  ports: ServicesStackPorts;
  /** Every process's environment; the stack's own settings (servers, prefixes, ports) are added to it. */
  env: NodeJS.ProcessEnv;
  /** Node's own arguments before each process's script (the bench's `--cpu-prof`). */
  nodeArguments?: readonly string[];
  /** Writes into the empty log, as its writer, before the command service takes that role over. */
  seed(log: EventLog): Promise<Seeded>;
  /** The host the answered URLs name (the browser's origin must be the one the web app is told). */
  urlHost?: string;
  /** How long each process may take to answer its readiness check, and the projector to catch up. */
  readyTimeoutMs?: number;
  pollMs?: number;
  /** Told now and then how far the projector has read, while it catches up. */
  onProgress?: (line: string) => void;
  /** Called with each process before stop() stops it (to report one that had exited). */
  onStopping?: (service: LaunchedProcess) => void;
}

export interface ServicesStack<Seeded> {
  readonly commandUrl: string;
  readonly queryUrl: string;
  /** Only when ports.web was given. */
  readonly webUrl: string | undefined;
  /** The read model's database, to look at what the projector wrote. */
  readonly database: TestDatabase;
  readonly seeded: Seeded;
  /** performance.now() when the processes were launched, after the seed (they have caught up since). */
  readonly launchedAt: number;
  /** The processes' environment: their log, database and prefixes, to open what halt() leaves. */
  readonly env: NodeJS.ProcessEnv;
  /** Stops the processes (the command service first), leaving the log, database and keys as they are. */
  halt: () => Promise<void>;
  /** Stops the processes if halt() has not, then deletes the topics, database, keys and data dir. */
  stop: () => Promise<void>;
}

/** The log as the seed writes it, noting the last position each append wrote in each partition. */
function recordingAppends(log: EventLog): { log: EventLog; lastPositions(): LogPosition[] } {
  const last = new Map<string, LogPosition>();
  const note = (results: readonly AppendResult[]) => {
    for (const { position } of results) {
      const key = `${position.topic}/${position.partition}`;
      if ((last.get(key)?.offset ?? -1) < position.offset) last.set(key, position);
    }
  };
  return {
    log: {
      append: async (request) => {
        const result = await log.append(request);
        note([result]);
        return result;
      },
      appendBatch: async (requests) => {
        const results = await log.appendBatch(requests);
        note(results);
        return results;
      },
      readAll: (options) => log.readAll(options),
      close: () => log.close(),
    },
    lastPositions: () => [...last.values()],
  };
}

/**
 * Waits until the projector's checkpoints are past every seeded position: ready is not caught up,
 * and the read model shows the seed only once it is. Polled (the projector creates its tables
 * first), with a line of progress now and then.
 */
async function projectorCaughtUp(
  sql: SqlExecutor,
  seeded: readonly LogPosition[],
  { timeoutMs, pollMs, onProgress }: { timeoutMs: number; pollMs: number; onProgress?: (line: string) => void },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let told = Date.now();
  for (;;) {
    // Until the projector has created its tables, there is nothing to read.
    const checkpoints = await sqlCheckpoints(sql)
      .checkpoints()
      .catch(() => []);
    const next = new Map(checkpoints.map((checkpoint) => [`${checkpoint.topic}/${checkpoint.partition}`, checkpoint.nextOffset]));
    const behind = seeded.filter((position) => (next.get(`${position.topic}/${position.partition}`) ?? 0) <= position.offset);
    if (behind.length === 0) return;
    if (Date.now() > deadline) throw new Error(`the projector did not catch up with the seeded log in ${timeoutMs / 1000} s`);
    if (onProgress && Date.now() - told > 15_000) {
      told = Date.now();
      const done = offsetsApplied(checkpoints);
      onProgress(`the projector is at ${done.toLocaleString('en')} offsets; ${behind.length} partition(s) to go`);
    }
    await sleep(pollMs);
  }
}

export async function startServicesStack<Seeded>(options: ServicesStackOptions<Seeded>): Promise<ServicesStack<Seeded>> {
  const topicPrefix = uniqueTopicPrefix(options.label);
  const redisKeyPrefix = uniqueKeyPrefix(options.label);
  const database = await createTestDatabase(options.postgresUrl);
  const dataDir = await mkdtemp(join(tmpdir(), `toolforge-${options.label}-services-`));
  const { ports, readyTimeoutMs = 60_000, pollMs = 200 } = options;
  const env: NodeJS.ProcessEnv = {
    ...options.env,
    KAFKA_BROKERS: options.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: topicPrefix,
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    // Nothing of services mode lives there, but no process should fall back on the repository's .data.
    DATA_DIR: dataDir,
    COMMAND_PORT: String(ports.command),
    QUERY_PORT: String(ports.query),
    PROJECTOR_PORT: String(ports.projector),
    ...(ports.web === undefined ? {} : { WEB_PORT: String(ports.web) }),
  };
  const processes: LaunchedProcess[] = [];
  const halt = async () => {
    // The web app and the command service first: nothing is written while the others stop.
    for (const service of processes.reverse()) {
      options.onStopping?.(service);
      await service.stop({ graceMs: 20_000 });
    }
    processes.length = 0;
  };
  const stop = async () => {
    await halt();
    await database.drop();
    await deleteTopics(options.kafkaBrokers, topicPrefix);
    await deleteKeys(options.redisUrl, redisKeyPrefix);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // As the log's writer, under the transactional id the command service takes over after it.
    const asWriter = { ...env, ...kafkaSignInEnv(options.kafkaBrokers, 'command-service') };
    const opened = await openEventLog(readConfig(asWriter), { clientId: `toolforge-${options.label}-seed`, writer: true });
    const recording = recordingAppends(opened.log);
    let seeded: Seeded;
    try {
      seeded = await options.seed(recording.log);
    } finally {
      await opened.close();
    }

    const launchedAt = performance.now();
    // Each waits on its own readiness only (the query service's /ready does not need the projector's), so all start at once.
    const wanted = SERVICES.filter((service) => ports[service.port] !== undefined);
    const launched = await Promise.allSettled(
      wanted.map((service) =>
        startProcess({
          name: service.name,
          command: process.execPath,
          args: [...(options.nodeArguments ?? []), join(REPOSITORY, service.main)],
          cwd: REPOSITORY,
          // Each signs in to Kafka as its own principal, as in production.
          env: service.kafka ? { ...env, ...kafkaSignInEnv(options.kafkaBrokers, service.kafka) } : env,
          output: 'collect',
          ready: { url: `http://127.0.0.1:${ports[service.port]}${service.path}` },
          timeoutMs: readyTimeoutMs,
          pollMs,
        }),
      ),
    );
    for (const outcome of launched) if (outcome.status === 'fulfilled') processes.push(outcome.value);
    const failed = launched.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    await projectorCaughtUp(database.sql, recording.lastPositions(), {
      timeoutMs: readyTimeoutMs,
      pollMs,
      onProgress: options.onProgress,
    });
    const url = (port: number) => `http://${options.urlHost ?? '127.0.0.1'}:${port}`;
    return {
      commandUrl: url(ports.command),
      queryUrl: url(ports.query),
      webUrl: ports.web === undefined ? undefined : url(ports.web),
      database,
      seeded,
      launchedAt,
      // As the operators' tool would open it.
      env: { ...env, ...kafkaSignInEnv(options.kafkaBrokers, 'operator') },
      halt,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
