import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ServiceProcess {
  readonly child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Its exit code, once it exits (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Sends the signal (SIGTERM by default) and resolves the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Ends it at once if it still runs (test clean-up after a failure). */
  kill(): void;
}

export interface ServiceProcessOptions {
  /** The workspace folder: its package.json start script is what runs. */
  packageDir: string;
  env: Record<string, string>;
  /** Ready when this URL answers any HTTP status, or when the output contains this text. */
  ready: { url: string } | { output: string };
  timeoutMs?: number;
}

/**
 * Runs a built service the way `npm start -w <service>` does, but without npm in between (as an
 * orchestrator would), so that a signal reaches the service itself; resolves once it is ready.
 */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const manifest = JSON.parse(await readFile(join(options.packageDir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = manifest.scripts.start.split(' ');
  const child = spawn(command!, args, { cwd: options.packageDir, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const service: ServiceProcess = {
    child,
    output: () => output,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${manifest.scripts.start} in ${options.packageDir} exited (${child.exitCode}):\n${output}`);
    if (await isReady(options.ready, output)) return service;
    await new Promise((done) => setTimeout(done, 100));
  }
  service.kill();
  throw new Error(`${manifest.scripts.start} in ${options.packageDir} was not ready in time:\n${output}`);
}

async function isReady(ready: ServiceProcessOptions['ready'], output: string): Promise<boolean> {
  if ('output' in ready) return output.includes(ready.output);
  try {
    await fetch(ready.url, { signal: AbortSignal.timeout(500) });
    return true;
  } catch {
    return false;
  }
}
