#!/usr/bin/env node
// The local mail catcher (maildev, a root devDependency): an SMTP server on 127.0.0.1:1025 that keeps
// every e-mail the shop sends, and its web inbox on http://127.0.0.1:1080, for development and tests
// only (docs/documents.md). Both bound to loopback; nothing is relayed anywhere. The ports are
// MAIL_CATCHER_SMTP_PORT and MAIL_CATCHER_WEB_PORT. Usage: node scripts/mail-catcher.mjs start | stop | status
// `start` is idempotent: a catcher that already answers is left alone.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listening, startInBackground, stopByPidFile } from './processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runDir = join(root, '.run');
const pidFile = join(runDir, 'mail-catcher.pid');
const logFile = join(runDir, 'mail-catcher.log');
const READY_TIMEOUT_MS = 30_000;

const HOST = '127.0.0.1';
export const MAIL_CATCHER_SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT || 1025);
export const MAIL_CATCHER_WEB_PORT = Number(process.env.MAIL_CATCHER_WEB_PORT || 1080);
/** What the shop sends to (SMTP_URL) and where its inbox is read. */
export const MAIL_CATCHER_SMTP_URL = `smtp://${HOST}:${MAIL_CATCHER_SMTP_PORT}`;
export const MAIL_CATCHER_WEB_URL = `http://${HOST}:${MAIL_CATCHER_WEB_PORT}`;

/** True when a catcher answers: its web API's health, and its SMTP port takes connections. */
export async function isRunning() {
  try {
    const response = await fetch(`${MAIL_CATCHER_WEB_URL}/api/healthz`, { signal: AbortSignal.timeout(1000) });
    return response.ok && (await listening(MAIL_CATCHER_SMTP_PORT, HOST));
  } catch {
    return false;
  }
}

/**
 * maildev's command line (its package's `bin`), where npm installs a root devDependency. Not
 * import.meta.resolve: vitest's module runner, which loads this file in the tests' global setups,
 * does not support it.
 */
function maildevEntry() {
  const entry = join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  if (!existsSync(entry)) throw new Error(`maildev is not installed (${entry}): run \`npm ci\` first.`);
  return entry;
}

/** Starts the catcher unless one answers; resolves true if this call started it. */
export async function startMailCatcher() {
  if (await isRunning()) return false;
  mkdirSync(runDir, { recursive: true });
  await startInBackground({
    name: 'Mail catcher',
    command: process.execPath,
    args: [
      maildevEntry(),
      '--ip',
      HOST,
      '--smtp',
      String(MAIL_CATCHER_SMTP_PORT),
      '--web-ip',
      HOST,
      '--web',
      String(MAIL_CATCHER_WEB_PORT),
    ],
    cwd: root,
    logFile,
    pidFile,
    ready: () => isRunning(),
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: 100,
    stopGraceMs: 5_000,
  });
  return true;
}

/** Stops the catcher this project started (by its pid file); what it caught is gone with it (kept in memory). */
export function stopMailCatcher() {
  return stopByPidFile(pidFile, { graceMs: 5_000 });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command] = process.argv.slice(2);
  if (command === 'start') {
    try {
      const started = await startMailCatcher();
      console.log(`Mail catcher ${started ? 'started' : 'already running'}: SMTP ${MAIL_CATCHER_SMTP_URL}, inbox ${MAIL_CATCHER_WEB_URL}`);
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  } else if (command === 'stop') {
    console.log((await stopMailCatcher()) ? 'Mail catcher stopped' : 'No mail catcher started by this project');
  } else if (command === 'status') {
    const running = await isRunning();
    console.log(running ? `running: SMTP ${MAIL_CATCHER_SMTP_URL}, inbox ${MAIL_CATCHER_WEB_URL}` : 'not running');
    process.exit(running ? 0 : 1);
  } else {
    console.error('usage: mail-catcher.mjs start | stop | status');
    process.exit(2);
  }
}
