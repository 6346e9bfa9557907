#!/usr/bin/env node
// `make start` (after `tsc -b`): the Auth emulator (accounts kept in DATA_DIR/auth) unless one
// already answers, then the whole shop in this one process on the embedded default: command side,
// projector and query side on API_PORT, the built web app on WEB_PORT. Ctrl-C stops everything;
// the next start resumes from the same data.
// The emulator is this script's own development default, set here explicitly (FIREBASE_AUTH_EMULATOR_HOST
// empty: real Firebase, which needs credentials); the services never assume it.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, stopEmulator } from './auth-emulator.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'embedded/dist/index.js');
if (!existsSync(entry)) {
  console.error('The shop is not built yet: run `make start` (it builds first) or `npx tsc -b`.');
  process.exit(1);
}
const { identitySource, readConfig } = await import(join(root, 'platform/dist/index.js'));
const { startEmbeddedShop, describeRunningShop, DEMO_ADMIN_EMAIL } = await import(entry);

const DEVELOPMENT_EMULATOR = '127.0.0.1:9099';
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= DEVELOPMENT_EMULATOR;
// The demo admin the banner prints is an admin only here, on the emulator: the services have no
// default admin, so a shop on real Firebase never grants the role to a published demo address.
if (process.env.FIREBASE_AUTH_EMULATOR_HOST) process.env.ADMIN_EMAILS ??= DEMO_ADMIN_EMAIL;

let config;
try {
  config = readConfig();
  identitySource(config);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

const startedEmulator = config.authEmulatorHost ? await startEmulator({ dataDir: join(config.dataDir, 'auth') }) : false;

// Ctrl-C during start-up waits for the start to finish, then stops what it started.
let stopping = false;
const starting = startEmbeddedShop(config);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

let shop;
try {
  shop = await starting;
} catch (error) {
  console.error(`ToolForge could not start: ${error.message}`);
  if (startedEmulator) await stopEmulator();
  process.exit(1);
}
if (!stopping) console.log(describeRunningShop(shop));

async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('Stopping ToolForge…');
  let code = 0;
  try {
    const running = await starting.catch(() => undefined);
    await running?.close();
  } catch (error) {
    console.error(error);
    code = 1;
  }
  // The emulator exports its accounts to DATA_DIR/auth as it stops.
  if (startedEmulator) await stopEmulator();
  console.log('ToolForge stopped.');
  process.exit(code);
}
