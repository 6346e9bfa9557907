#!/usr/bin/env node
// The Firebase Auth emulator (from firebase-tools) on 127.0.0.1:9099, project demo-toolforge.
// Usage: node scripts/auth-emulator.mjs start [--data DIR] | stop | status
// `start` is idempotent: an emulator that already answers is left alone. With --data, accounts
// are imported from DIR and exported back to it on stop, so a restart keeps them.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startInBackground, stopByPidFile } from './processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runDir = join(root, '.run');
const pidFile = join(runDir, 'auth-emulator.pid');
const logFile = join(runDir, 'auth-emulator.log');

export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || 'demo-toolforge';
const READY_TIMEOUT_MS = 120_000;
/** SIGINT lets the emulator export its accounts before it exits. */
const STOP = { stopSignal: 'SIGINT', stopGraceMs: 20_000 };

export async function isRunning(host = EMULATOR_HOST) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    const body = await response.json();
    return body?.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/** Starts the emulator unless one answers; resolves true if this call started it. */
export async function startEmulator({ dataDir } = {}) {
  if (await isRunning()) return false;
  mkdirSync(runDir, { recursive: true });
  const args = [
    join(root, 'node_modules/firebase-tools/lib/bin/firebase.js'),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    PROJECT_ID,
    '--config',
    join(root, 'firebase.json'),
  ];
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    if (existsSync(join(dir, 'firebase-export-metadata.json'))) args.push('--import', dir);
    args.push('--export-on-exit', dir);
  }
  await startInBackground({
    name: 'Auth emulator',
    command: process.execPath,
    args,
    cwd: root,
    // No update checks or usage reporting: this machine has no route to Google.
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '', CI: 'true' },
    logFile,
    pidFile,
    ready: () => isRunning(),
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: 300,
    ...STOP,
  });
  return true;
}

/** Stops the emulator this project started (by its pid file), letting it export its data first. */
export function stopEmulator() {
  return stopByPidFile(pidFile, { signal: STOP.stopSignal, graceMs: STOP.stopGraceMs });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, flag, value] = process.argv.slice(2);
  const dataDir = flag === '--data' ? value : undefined;
  if (command === 'start') {
    const started = await startEmulator({ dataDir });
    console.log(started ? `Auth emulator started on ${EMULATOR_HOST}` : `Auth emulator already running on ${EMULATOR_HOST}`);
  } else if (command === 'stop') {
    console.log((await stopEmulator()) ? 'Auth emulator stopped' : 'No Auth emulator started by this project');
  } else if (command === 'status') {
    const running = await isRunning();
    console.log(running ? `running on ${EMULATOR_HOST}` : 'not running');
    process.exit(running ? 0 : 1);
  } else {
    console.error('usage: auth-emulator.mjs start [--data DIR] | stop | status');
    process.exit(2);
  }
}
