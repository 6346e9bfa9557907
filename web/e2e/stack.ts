import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface Stack {
  webUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function hasProducts(apiUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/homeproducts`, { signal: AbortSignal.timeout(2000) });
    return response.ok && ((await response.json()) as unknown[]).length > 0;
  } catch {
    return false;
  }
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    if (child && child.exitCode !== null) throw new Error(`the stack exited (${child.exitCode}) before ${what}`);
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

/**
 * The shop as `make start` runs it: API and built web from one process, on a fresh data dir, so
 * the seeded catalogue is there and nothing from an earlier run is. E2E_WEB_URL and E2E_API_URL
 * point the test at a stack that is already running instead.
 */
export async function startStack({ adminEmails }: { adminEmails: string[] }): Promise<Stack> {
  if (process.env.E2E_WEB_URL && process.env.E2E_API_URL) {
    return { webUrl: process.env.E2E_WEB_URL, apiUrl: process.env.E2E_API_URL, stop: async () => {} };
  }
  const apiPort = process.env.E2E_API_PORT ?? '5200';
  const webPort = process.env.E2E_WEB_PORT ?? '8280';
  const dataDir = mkdtempSync(join(tmpdir(), 'toolforge-e2e-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    // Its own process group, so stopping it stops everything it started.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      API_PORT: apiPort,
      WEB_PORT: webPort,
      DATA_DIR: dataDir,
      ADMIN_EMAILS: ['admin@toolforge.test', ...adminEmails].join(','),
    },
  });
  const stack: Stack = {
    webUrl: `http://localhost:${webPort}`,
    apiUrl: `http://localhost:${apiPort}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        process.kill(-child.pid!, 'SIGTERM');
        await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))]);
        if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitUntil('the API answered with the seeded catalogue', () => hasProducts(stack.apiUrl), 180_000, child);
    await waitUntil('the web app answered', () => answers(`${stack.webUrl}/`), 60_000, child);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
