import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// The project's one process launcher lives beside the scripts, which run before anything is built;
// the tests and the bench use it from here. The relative path holds from src and from dist alike.
import { launch, startProcess, type LaunchedProcess, type Readiness } from '../../../scripts/processes.mjs';

export {
  launch,
  startProcess,
  type LaunchOptions,
  type LaunchedProcess,
  type ProcessOutput,
  type Readiness,
} from '../../../scripts/processes.mjs';

/** A built service a test started. */
export type ServiceProcess = LaunchedProcess;

export interface ServiceProcessOptions {
  /** The workspace folder: its package.json start script is what runs. */
  packageDir: string;
  /** Added to the test's own environment. */
  env: Record<string, string>;
  /** Ready when this URL answers 2xx, or when the output contains this text. */
  ready: Readiness;
  timeoutMs?: number;
}

/**
 * Runs a built service the way `npm start -w <service>` does, but without npm in between (as an
 * orchestrator would), so that a signal reaches the service itself; resolves once it is ready.
 */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const manifest = JSON.parse(await readFile(join(options.packageDir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = manifest.scripts.start.split(' ');
  return startProcess({
    name: `${manifest.scripts.start} in ${options.packageDir}`,
    command: command!,
    args,
    cwd: options.packageDir,
    env: { ...process.env, ...options.env },
    ready: options.ready,
    timeoutMs: options.timeoutMs ?? 30_000,
    pollMs: 100,
  });
}

/** The repository's root, from src/testing and from dist/testing alike. */
const REPOSITORY = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/**
 * `make start` as a user runs it, without make in between: the built scripts/start.mjs, the whole
 * shop in one process, on this data dir and these ports, with `env` added to the test's own.
 */
export function launchMakeStart(options: {
  dataDir: string;
  apiPort: number;
  webPort: number;
  env?: Record<string, string>;
}): LaunchedProcess {
  return launch({
    name: 'make start',
    command: process.execPath,
    args: ['scripts/start.mjs'],
    cwd: REPOSITORY,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      API_PORT: String(options.apiPort),
      WEB_PORT: String(options.webPort),
      ...options.env,
    },
  });
}
