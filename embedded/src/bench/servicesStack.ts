/**
 * Services mode on a large history: platform/testing's services stack (the log seeded into Kafka,
 * each service its own process, caught up once the read model's checkpoints pass the seeded log's
 * end, everything deleted again on stop: a million orders are no topic to leave on a shared broker).
 */
import { performance } from 'node:perf_hooks';
import { startServicesStack } from '@toolforge/platform/testing';
import { seedShopHistory } from './seed.js';
import { CATCH_UP_TIMEOUT_MS, reportIfExited, say, saySeeding, shopEnvironment, shopNodeArguments, type RunningStack } from './stacks.js';
import type { BenchSettings } from './settings.js';

export async function startBenchServicesStack(settings: BenchSettings): Promise<RunningStack> {
  saySeeding('services', settings);
  const stack = await startServicesStack({
    label: 'bench',
    kafkaBrokers: settings.kafkaBrokers,
    postgresUrl: settings.postgresUrl,
    redisUrl: settings.redisUrl,
    ports: { command: settings.portBase + 11, query: settings.portBase + 12, projector: settings.portBase + 13 },
    env: shopEnvironment(settings),
    nodeArguments: shopNodeArguments(settings),
    seed: async (log) => {
      const seeded = await seedShopHistory(log, settings, (line) => say(`services ${line}`));
      say(`services: ${seeded.events.toLocaleString('en')} events seeded in ${seeded.seconds.toFixed(1)} s; starting the services`);
      return seeded;
    },
    // The services read the whole seeded log before they answer.
    readyTimeoutMs: CATCH_UP_TIMEOUT_MS,
    pollMs: 500,
    onProgress: (line) => say(`services: ${line}`),
    onStopping: reportIfExited,
  });
  return {
    name: 'services',
    commandUrl: stack.commandUrl,
    queryUrl: stack.queryUrl,
    seeded: stack.seeded,
    catchUpSeconds: (performance.now() - stack.launchedAt) / 1000,
    env: stack.env,
    halt: stack.halt,
    stop: stack.stop,
  };
}
