/**
 * `make start`'s shop on a large history: the log is seeded into a fresh DATA_DIR through the
 * embedded log (PGlite), then scripts/start.mjs runs on it, which catches its read model up before
 * it answers at all: ready means caught up.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { startProcess, type LaunchedProcess } from '@toolforge/platform/testing';
import type { SeededHistory } from './seed.js';
import type { SeedMessage, SeedRequest } from './seedWorker.js';
import {
  CATCH_UP_TIMEOUT_MS,
  REPOSITORY,
  reportIfExited,
  say,
  saySeeding,
  shopEnvironment,
  shopNodeArguments,
  type RunningStack,
} from './stacks.js';
import type { BenchSettings } from './settings.js';

/** scripts/start.mjs with `env` (its DATA_DIR, API_PORT, WEB_PORT): ready once its API at `apiUrl` answers /ready. */
export function launchEmbeddedShop(
  env: NodeJS.ProcessEnv,
  apiUrl: string,
  nodeArguments: readonly string[] = [],
): Promise<LaunchedProcess> {
  return startProcess({
    name: 'the embedded shop (scripts/start.mjs)',
    command: process.execPath,
    args: [...nodeArguments, join(REPOSITORY, 'scripts/start.mjs')],
    cwd: REPOSITORY,
    env,
    output: 'collect',
    ready: { url: `${apiUrl}/ready` },
    timeoutMs: CATCH_UP_TIMEOUT_MS,
    pollMs: 500,
    stopSignal: 'SIGINT',
  });
}

/** An embedded history being seeded: its data dir, the shop's environment on it, and the seeding's end. */
export interface EmbeddedSeeding {
  readonly dataDir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly seeded: Promise<SeededHistory>;
}

/**
 * Starts seeding a fresh DATA_DIR in a thread of its own (seedWorker.ts) and returns at once: main.ts
 * starts it while the services stack seeds and starts (neither is measured), so that the bench
 * does not wait for each seeding in turn. It must end before anything is measured.
 */
export async function seedEmbeddedHistory(settings: BenchSettings): Promise<EmbeddedSeeding> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-bench-'));
  const env = {
    ...shopEnvironment(settings),
    DATA_DIR: dataDir,
    API_PORT: String(settings.portBase + 1),
    WEB_PORT: String(settings.portBase + 2),
    // The embedded default whatever the shell exports for services mode: with KAFKA_BROKERS set the
    // seed would go to Kafka and the shop would start on an empty data dir (seen: every product 404).
    KAFKA_BROKERS: '',
    DATABASE_URL: '',
    REDIS_URL: '',
  };
  saySeeding('embedded', settings);
  const request: SeedRequest = { env, size: { products: settings.products, customers: settings.customers, orders: settings.orders } };
  const worker = new Worker(new URL('./seedWorker.js', import.meta.url), { workerData: request });
  const seeded = new Promise<SeededHistory>((resolve, reject) => {
    let history: SeededHistory | undefined;
    worker.on('message', (message: SeedMessage) => {
      if ('line' in message) say(`embedded ${message.line}`);
      else history = message.seeded;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (history ? resolve(history) : reject(new Error(`the embedded seeding ended with exit code ${code}`))));
  });
  // Awaited later (or never, when the services stack fails first): its failure is not unhandled meanwhile.
  seeded.catch(() => undefined);
  return { dataDir, env, seeded };
}

/** The embedded shop on a seeded history: the one `seeding` is making, or one seeded now. */
export async function startEmbeddedStack(settings: BenchSettings, seeding?: EmbeddedSeeding): Promise<RunningStack> {
  const history = seeding ?? (await seedEmbeddedHistory(settings));
  const { dataDir, env } = history;
  try {
    const seeded = await history.seeded;
    say(`embedded: ${seeded.events.toLocaleString('en')} events seeded in ${seeded.seconds.toFixed(1)} s; starting the shop`);

    const url = `http://127.0.0.1:${env.API_PORT}`;
    const started = performance.now();
    const shop = await launchEmbeddedShop(env, url, shopNodeArguments(settings));
    let halted: Promise<unknown> | undefined;
    const halt = async () => {
      if (!halted) {
        reportIfExited(shop);
        halted = shop.stop({ graceMs: 30_000 });
      }
      await halted;
    };
    return {
      name: 'embedded',
      commandUrl: url,
      queryUrl: url,
      seeded,
      catchUpSeconds: (performance.now() - started) / 1000,
      env,
      halt,
      async stop() {
        await halt();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
