#!/usr/bin/env node
// `make start`: the Auth emulator (accounts kept in DATA_DIR/auth), then the shop's API on the
// embedded default. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startEmulator, stopEmulator } from './auth-emulator.mjs';

const dataDir = resolve(process.env.DATA_DIR || '.data');
const apiPort = process.env.API_PORT || '5000';
const startedEmulator = await startEmulator({ dataDir: join(dataDir, 'auth') });

const api = spawn(process.execPath, ['command-service/dist/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, COMMAND_PORT: apiPort },
});
console.log(`ToolForge API: http://localhost:${apiPort}  (Auth emulator: http://127.0.0.1:9099)`);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  if (startedEmulator) await stopEmulator();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
api.on('exit', (code) => stop(code ?? 0));
