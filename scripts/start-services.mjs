#!/usr/bin/env node
// `make start-services` / `make stop-services`: the shop in services mode (docs/architecture.md#2-two-ways-to-run-same-code) on this
// machine, after `make services` has Kafka, PostgreSQL, Redis, the Auth emulator and the local payment
// provider answering.
// start  seeds the demo catalogue into an empty log and the demo accounts into the emulator, then
//        runs command-service, projector and query-service (and the built web app, if any) as
//        background processes: pid files in .run/pids, logs in .run/logs. Already running: left alone.
// stop   sends each SIGTERM (each shuts down gracefully) and waits for it to exit.
// Settings as for each service (docs/deployment.md#configuration); the servers default to this machine's.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startInBackground, stopByPidFile } from './processes.mjs';
import { KAFKA_BROKER, kafkaSaslEnv } from '../infra/kafka/kafka.mjs';
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET, PAYMENT_PROVIDER_URL } from './payment-provider.mjs';
import { MAIL_CATCHER_SMTP_URL, MAIL_CATCHER_WEB_URL, startMailCatcher } from './mail-catcher.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pidDir = join(root, '.run', 'pids');
const logDir = join(root, '.run', 'logs');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

/**
 * The servers of `make services`, unless the environment names others. The Auth emulator among them
 * is a development default, set here explicitly for the services (which never assume it) and
 * named as such in the banner; FIREBASE_AUTH_EMULATOR_HOST empty means real Firebase. So is the
 * local payment provider, when STRIPE_SECRET_KEY is unset (set: real Stripe; empty: no card payments),
 * and the local mail catcher, when SMTP_URL is unset (set: that server; empty: no e-mails).
 */
const env = {
  ...process.env,
  KAFKA_BROKERS: process.env.KAFKA_BROKERS || KAFKA_BROKER,
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/toolforge',
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
  ...(process.env.STRIPE_SECRET_KEY === undefined
    ? {
        STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: PAYMENT_PROVIDER_URL,
      }
    : {}),
  SMTP_URL: process.env.SMTP_URL ?? MAIL_CATCHER_SMTP_URL,
};

/**
 * The KAFKA_SASL_* settings a process signs in with as `principal`: on the project's broker, that
 * principal's own (its ACLs let the command service alone write); on a cluster named in
 * KAFKA_BROKERS, the environment's as they are.
 */
const signInAs = (principal) => (process.env.KAFKA_BROKERS ? {} : kafkaSaslEnv(principal));

/**
 * In the order they start; they stop in the reverse order. Each is ready when its /ready answers
 * 200 (the projector's on PROJECTOR_PORT); the web app when it answers at all.
 */
const SERVICES = [
  { name: 'projector', main: 'projector/dist/main.js', ready: { port: 'projectorPort', path: '/ready' }, kafka: 'projector' },
  { name: 'query-service', main: 'query-service/dist/main.js', ready: { port: 'queryPort', path: '/ready' }, kafka: 'query-service' },
  {
    name: 'command-service',
    main: 'command-service/dist/main.js',
    ready: { port: 'commandPort', path: '/ready' },
    kafka: 'command-service',
  },
  { name: 'web', main: 'scripts/web-server.mjs', ready: { port: 'webPort', path: '/' }, optional: true },
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

async function startService(service, config) {
  if (runningPid(service)) {
    console.log(`${service.name}: already running`);
    return;
  }
  mkdirSync(pidDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  // Run node on the entry directly, so SIGTERM reaches the service itself.
  await startInBackground({
    name: service.name,
    command: process.execPath,
    args: [join(root, service.main)],
    cwd: root,
    env: service.kafka ? { ...env, ...signInAs(service.kafka) } : env,
    logFile: logFile(service),
    pidFile: pidFile(service),
    ready: { url: `http://127.0.0.1:${config[service.ready.port]}${service.ready.path}` },
    timeoutMs: READY_TIMEOUT_MS,
    pollMs: 200,
    stopGraceMs: STOP_TIMEOUT_MS,
  });
  console.log(`${service.name}: started (pid ${readFileSync(pidFile(service), 'utf8').trim()}, log .run/logs/${service.name}.log)`);
}

async function start() {
  // The event log's opener is platform's subpath of its own (platform/package.json's exports).
  const entries = ['platform', 'platform/openEventLog', 'command-service', 'embedded'].map((entry) => {
    const [workspace, subpath = ''] = entry.split('/');
    return join(root, workspace, 'dist', subpath, 'index.js');
  });
  if (!entries.every(existsSync)) {
    console.error('The shop is not built yet: run `make start-services` (it builds first) or `npx tsc -b`.');
    process.exit(1);
  }
  const [
    { readConfig, identitySource },
    { openEventLog },
    { seedCatalogueIfEmpty },
    { DEMO_ADMIN_EMAIL, demoCatalogue, describeServicesMode, ensureDemoAccounts },
  ] = await Promise.all(entries.map((entry) => import(entry)));
  // On the emulator, the demo admin the banner prints is an admin, as under `make start`; the
  // services themselves have no default admin.
  if (env.FIREBASE_AUTH_EMULATOR_HOST) env.ADMIN_EMAILS ??= DEMO_ADMIN_EMAIL;
  const config = readConfig(env);
  // The catcher the projector mails (development only); `make stop-services` stops it.
  if (process.env.SMTP_URL === undefined) await startMailCatcher();
  // The command service would refuse to start without an identity it may trust: say so before starting anything.
  const identity = identitySource(config, env);

  // The command service is the log's single writer: seed before it starts, as that writer.
  let seeded = 0;
  if (!runningPid(SERVICES.find((service) => service.name === 'command-service'))) {
    const asWriter = readConfig({ ...env, ...signInAs('command-service') });
    const opened = await openEventLog(asWriter, { clientId: 'toolforge-seed', writer: true });
    try {
      // The pictures on the query service, at the address web-server.mjs gives the web app for it.
      seeded = await seedCatalogueIfEmpty(opened.log, demoCatalogue(`http://localhost:${config.queryPort}`));
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

  console.log(
    describeServicesMode({
      config,
      identity,
      webBuilt,
      logDir,
      seeded,
      accounts,
      mailInbox: process.env.SMTP_URL === undefined ? MAIL_CATCHER_WEB_URL : undefined,
    }),
  );
}

async function stop() {
  for (const service of [...SERVICES].reverse()) {
    if (!runningPid(service)) continue;
    // SIGTERM: each shuts down gracefully; one still running after the bound gets SIGKILL.
    await stopByPidFile(pidFile(service), { graceMs: STOP_TIMEOUT_MS });
    console.log(`${service.name}: stopped`);
  }
}

const command = process.argv[2];
if (command === 'start') {
  try {
    await start();
  } catch (error) {
    console.error(`ToolForge could not start in services mode: ${error.message}`);
    // A setting it cannot start with (ConfigError) is not a failure of a server.
    process.exit(error.name === 'ConfigError' ? 2 : 1);
  }
} else if (command === 'stop') await stop();
else {
  console.error('usage: start-services.mjs start | stop');
  process.exit(2);
}
