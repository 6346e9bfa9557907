import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '@toolforge/platform/testing';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface Stack {
  webUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
}

async function hasProducts(apiUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/homeproducts`, { signal: AbortSignal.timeout(2000) });
    return response.ok && ((await response.json()) as unknown[]).length > 0;
  } catch {
    return false;
  }
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
  const shop = launch({
    name: 'the stack of make start (scripts/start.mjs)',
    command: process.execPath,
    args: ['scripts/start.mjs'],
    cwd: repoRoot,
    // Its own process group, so stopping it stops everything it started.
    detached: true,
    env: {
      ...process.env,
      API_PORT: apiPort,
      WEB_PORT: webPort,
      DATA_DIR: dataDir,
      ADMIN_EMAILS: ['admin@toolforge.test', ...adminEmails].join(','),
    },
    stopGraceMs: 15_000,
  });
  const stack: Stack = {
    webUrl: `http://localhost:${webPort}`,
    apiUrl: `http://localhost:${apiPort}`,
    async stop() {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    // The API answers with the seeded catalogue, then the web app answers.
    await shop.waitUntilReady(() => hasProducts(stack.apiUrl), { timeoutMs: 180_000, pollMs: 500 });
    await shop.waitUntilReady({ url: `${stack.webUrl}/` }, { timeoutMs: 60_000, pollMs: 500 });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
