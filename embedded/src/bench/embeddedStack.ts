/**
 * `make start`'s shop on a large history: the log is seeded into a fresh DATA_DIR through the
 * embedded log (PGlite), then scripts/start.mjs runs on it, which catches its read model up before
 * it answers at all: ready means caught up.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openEventLog, readConfig } from '@toolforge/platform';
import { startProcess, type LaunchedProcess } from '@toolforge/platform/testing';
import { seedShopHistory } from './seed.js';
import { CATCH_UP_TIMEOUT_MS, REPOSITORY, reportIfExited, say, shopEnvironment, shopNodeArguments, type RunningStack } from './stacks.js';
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

export async function startEmbeddedStack(settings: BenchSettings): Promise<RunningStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-bench-'));
  const apiPort = settings.portBase + 1;
  const env = {
    ...shopEnvironment(settings),
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    WEB_PORT: String(settings.portBase + 2),
    // The embedded default whatever the shell exports for services mode: with KAFKA_BROKERS set the
    // seed would go to Kafka and the shop would start on an empty data dir (seen: every product 404).
    KAFKA_BROKERS: '',
    DATABASE_URL: '',
    REDIS_URL: '',
  };
  try {
    // The shop's own opener: it takes the data dir's lock, as the shop will after it.
    const opened = await openEventLog(readConfig(env), { clientId: 'toolforge-bench-seed', writer: true });
    let seeded;
    try {
      seeded = await seedShopHistory(opened.log, settings, (line) => say(`embedded ${line}`));
    } finally {
      await opened.close();
    }
    say(`embedded: ${seeded.events.toLocaleString('en')} events seeded in ${seeded.seconds.toFixed(1)} s; starting the shop`);

    const url = `http://127.0.0.1:${apiPort}`;
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
