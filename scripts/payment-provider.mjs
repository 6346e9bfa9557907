#!/usr/bin/env node
// The local payment provider (embedded/src/localPayments, docs/payments.md#the-local-provider) on
// 127.0.0.1:12111: a Stripe of our own for development and tests only, which the shop reaches with
// STRIPE_API_BASE. Usage: node scripts/payment-provider.mjs start [--data DIR] | stop | status
// `start` is idempotent: a provider that already answers is left alone. With --data, its ledger is
// kept in DIR, so a restart keeps the payments. It runs the built provider (`npx tsc -b` first).
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startInBackground, stopByPidFile } from './processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runDir = join(root, '.run');
const pidFile = join(runDir, 'payment-provider.pid');
const logFile = join(runDir, 'payment-provider.log');
const entry = join(root, 'embedded/dist/localPayments/main.js');

/** Its address and keys: the defaults of embedded/src/localPayments/server.ts (LOCAL_PAYMENTS). */
export const PAYMENT_PROVIDER_URL = 'http://127.0.0.1:12111';
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_toolforge_local';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_toolforge_local_development';
const READY_TIMEOUT_MS = 30_000;

/** True when our provider answers (its health names it), not merely something on the port. */
export async function isRunning(url = PAYMENT_PROVIDER_URL) {
  try {
    const response = await fetch(`${url}/_local/health`, { signal: AbortSignal.timeout(1000) });
    const body = await response.json();
    return body?.provider === 'toolforge-local-payments';
  } catch {
    return false;
  }
}

/** Starts the provider unless one answers; resolves true if this call started it. */
export async function startPaymentProvider({ dataDir } = {}) {
  if (await isRunning()) return false;
  if (!existsSync(entry)) throw new Error(`The local payment provider is not built yet (${entry}): run \`npx tsc -b\` first.`);
  mkdirSync(runDir, { recursive: true });
  const args = [entry, '--port', new URL(PAYMENT_PROVIDER_URL).port];
  if (dataDir) args.push('--data', resolve(dataDir));
  await startInBackground({
    name: 'Local payment provider',
    command: process.execPath,
    args,
    cwd: root,
    logFile,
    pidFile,
    ready: () => isRunning(),
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: 100,
    stopGraceMs: 10_000,
  });
  return true;
}

/** Stops the provider this project started (by its pid file); it writes its ledger before it ends. */
export function stopPaymentProvider() {
  return stopByPidFile(pidFile, { graceMs: 10_000 });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, flag, value] = process.argv.slice(2);
  const dataDir = flag === '--data' ? value : undefined;
  if (command === 'start') {
    try {
      const started = await startPaymentProvider({ dataDir });
      console.log(
        started
          ? `Local payment provider started on ${PAYMENT_PROVIDER_URL}`
          : `Local payment provider already running on ${PAYMENT_PROVIDER_URL}`,
      );
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  } else if (command === 'stop') {
    console.log((await stopPaymentProvider()) ? 'Local payment provider stopped' : 'No local payment provider started by this project');
  } else if (command === 'status') {
    const running = await isRunning();
    console.log(running ? `running on ${PAYMENT_PROVIDER_URL}` : 'not running');
    process.exit(running ? 0 : 1);
  } else {
    console.error('usage: payment-provider.mjs start [--data DIR] | stop | status');
    process.exit(2);
  }
}
