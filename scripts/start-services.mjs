#!/usr/bin/env node
// `make start-services` / `make stop-services`: the shop in services mode (DESIGN §2) on this
// machine, after `make services` has Kafka, PostgreSQL, Redis and the Auth emulator answering.
// start  seeds the demo catalogue into an empty log and the demo accounts into the emulator, then
//        runs command-service, projector and query-service (and the built web app, if any) as
//        background processes: pid files in .run/pids, logs in .run/logs. Already running: left alone.
// stop   sends each SIGTERM (each shuts down gracefully) and waits for it to exit.
// Settings as for each service (README, Configuration); the servers default to this machine's.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startInBackground, stopByPidFile } from './processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pidDir = join(root, '.run', 'pids');
const logDir = join(root, '.run', 'logs');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

/** The servers of `make services`, unless the environment names others. */
const env = {
  ...process.env,
  KAFKA_BROKERS: process.env.KAFKA_BROKERS || '127.0.0.1:9092',
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/toolforge',
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
};

/** In the order they start; they stop in the reverse order. */
const SERVICES = [
  { name: 'projector', main: 'projector/dist/main.js', ready: { output: 'projector on Kafka' } },
  { name: 'query-service', main: 'query-service/dist/main.js', ready: { port: 'queryPort' } },
  { name: 'command-service', main: 'command-service/dist/main.js', ready: { port: 'commandPort' } },
  { name: 'web', main: 'scripts/web-server.mjs', ready: { port: 'webPort' }, optional: true },
];

const pidFile = (service) => join(pidDir, `${service.name}.pid`);
const logFile = (service) => join(logDir, `${service.name}.log`);

/** The pid of the service's running process, if its pid file names one that still runs it. */
function runningPid(service) {
  let pid;
  try {
    pid = Number(readFileSync(pidFile(service), 'utf8').trim());
  } catch {
    return undefined;
  }
  try {
    // A pid is reused after its process ends: only one whose command line runs this service counts.
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (commandLine.includes(join(root, service.main))) return pid;
  } catch {
    // No such process.
  }
  rmSync(pidFile(service), { force: true });
  return undefined;
}

async function answers(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(500) });
    return true;
  } catch {
    return false;
  }
}

/** Whether the service is ready: it answers on its port, or printed its ready line since `logStart`. */
async function isReady(service, config, logStart) {
  if (service.ready.output) return readFileSync(logFile(service), 'utf8').slice(logStart).includes(service.ready.output);
  return answers(config[service.ready.port]);
}

async function startService(service, config) {
  if (runningPid(service)) {
    console.log(`${service.name}: already running`);
    return;
  }
  mkdirSync(pidDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const logStart = existsSync(logFile(service)) ? statSync(logFile(service)).size : 0;
  // Run node on the entry directly, so SIGTERM reaches the service itself.
  await startInBackground({
    name: service.name,
    command: process.execPath,
    args: [join(root, service.main)],
    cwd: root,
    env,
    logFile: logFile(service),
    pidFile: pidFile(service),
    isReady: () => isReady(service, config, logStart),
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: 200,
    stop: () => stopByPidFile(pidFile(service), { timeoutMs: STOP_TIMEOUT_MS }),
  });
  console.log(`${service.name}: started (pid ${readFileSync(pidFile(service), 'utf8').trim()}, log .run/logs/${service.name}.log)`);
}

async function start() {
  const entries = ['platform', 'command-service', 'embedded'].map((ws) => join(root, ws, 'dist/index.js'));
  if (!entries.every(existsSync)) {
    console.error('The shop is not built yet: run `make start-services` (it builds first) or `npx tsc -b`.');
    process.exit(1);
  }
  const [{ readConfig, openEventLog }, { seedCatalogueIfEmpty }, { DEMO_CATALOGUE, ensureDemoAccounts }] = await Promise.all(
    entries.map((entry) => import(entry)),
  );
  const config = readConfig(env);

  // The command service is the log's single writer: seed before it starts, as that writer.
  let seeded = 0;
  if (!runningPid(SERVICES.find((service) => service.name === 'command-service'))) {
    const opened = await openEventLog(config, { clientId: 'toolforge-seed', writer: true });
    try {
      seeded = await seedCatalogueIfEmpty(opened.log, DEMO_CATALOGUE);
    } finally {
      await opened.close();
    }
  }
  const accounts = config.authEmulatorHost
    ? await ensureDemoAccounts({ projectId: config.firebaseProjectId, emulatorHost: config.authEmulatorHost })
    : [];

  const webBuilt = existsSync(join(root, 'web/dist/index.html'));
  for (const service of SERVICES) {
    if (service.optional && !webBuilt) continue;
    await startService(service, config);
  }

  const lines = [
    '',
    'ToolForge is running in services mode (one process per service).',
    '',
    `  Command API    http://localhost:${config.commandPort}`,
    `  Query API      http://localhost:${config.queryPort}`,
    webBuilt ? `  Web app        http://localhost:${config.webPort}` : '  Web app        not built: `npm run build -w web`, then `make start-services` again',
    `  Kafka          ${env.KAFKA_BROKERS}`,
    `  PostgreSQL     ${env.DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')}`,
    `  Redis          ${env.REDIS_URL.replace(/\/\/([^:@/]*):[^@/]+@/, '//$1:***@')}`,
    config.authEmulatorHost ? `  Auth emulator  http://${config.authEmulatorHost}` : `  Firebase       project ${config.firebaseProjectId}`,
    `  Logs           ${logDir}`,
    seeded > 0 ? `  Catalogue      ${seeded} products seeded into the empty log` : '  Catalogue      as the log holds it',
  ];
  if (accounts.length > 0) {
    lines.push('', '  Sign in with:');
    for (const account of accounts) lines.push(`    ${account.role.padEnd(9)} ${account.email.padEnd(24)} password ${account.password}`);
  }
  lines.push('', 'Stop with: make stop-services', '');
  console.log(lines.join('\n'));
}

async function stop() {
  for (const service of [...SERVICES].reverse()) {
    if (!runningPid(service)) continue;
    // SIGTERM: each shuts down gracefully; one still running after the bound gets SIGKILL.
    await stopByPidFile(pidFile(service), { timeoutMs: STOP_TIMEOUT_MS });
    console.log(`${service.name}: stopped`);
  }
}

const command = process.argv[2];
if (command === 'start') {
  try {
    await start();
  } catch (error) {
    console.error(`ToolForge could not start in services mode: ${error.message}`);
    process.exit(1);
  }
} else if (command === 'stop') await stop();
else {
  console.error('usage: start-services.mjs start | stop');
  process.exit(2);
}
