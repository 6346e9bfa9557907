#!/usr/bin/env node
// `make services` / `make services-stop`: the servers of services mode (DESIGN §2) on this machine,
// without Docker: Kafka (infra/kafka), PostgreSQL and Redis (Debian's packages, installed and
// started when missing), and the Firebase Auth emulator. Idempotent: what already answers is left
// alone, and `stop` stops only what `start` started (remembered in .run/services.json).
// Usage: node scripts/services.mjs start | stop
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KAFKA_BROKER, startKafka, stopKafka } from '../infra/kafka/kafka.mjs';
import { EMULATOR_HOST, startEmulator, stopEmulator } from './auth-emulator.mjs';
import { listening, sleep } from './processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runDir = join(root, '.run');
const stateFile = join(runDir, 'services.json');
const dataDir = resolve(root, process.env.DATA_DIR || '.data');
const redisDir = join(runDir, 'redis');

const POSTGRES_PORT = 5432;
const REDIS_PORT = 6379;
const DATABASE = 'toolforge';
const READY_TIMEOUT_MS = 30_000;

async function waitListening(port, what) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await listening(port)) return;
    await sleep(300);
  }
  throw new Error(`${what} did not start listening on 127.0.0.1:${port}`);
}

function run(command, args, { quiet = false } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
  if (!quiet && result.stdout.trim()) console.log(result.stdout.trim());
  return result.stdout;
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Installs Debian packages (as root, as on this project's machines) when a server is missing. */
function aptInstall(...packages) {
  if (process.getuid?.() !== 0) throw new Error(`${packages.join(', ')} missing: install with sudo apt-get install ${packages.join(' ')}`);
  console.log(`Installing ${packages.join(', ')} from Debian's packages …`);
  run('apt-get', ['update', '-q'], { quiet: true });
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], { quiet: true });
}

async function startPostgres() {
  if (await listening(POSTGRES_PORT)) return false;
  if (!has('pg_ctlcluster')) aptInstall('postgresql');
  const [version] = readdirSync('/etc/postgresql');
  if (!version) throw new Error('no PostgreSQL cluster in /etc/postgresql');
  run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  await waitListening(POSTGRES_PORT, 'PostgreSQL');
  return true;
}

/** DATABASE_URL's database, created once, as the postgres superuser over the local socket. */
function ensureDatabase() {
  const psql = (sql) => {
    const args = ['-X', '-q', '-t', '-A', '-c', sql];
    return process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', 'psql', ...args], { quiet: true }) : run('psql', ['-h', '127.0.0.1', '-U', 'postgres', ...args], { quiet: true });
  };
  if (psql(`select 1 from pg_database where datname = '${DATABASE}'`).trim() !== '1') psql(`create database ${DATABASE}`);
}

async function startRedis() {
  if (await listening(REDIS_PORT)) return false;
  if (!has('redis-server')) aptInstall('redis-server');
  mkdirSync(redisDir, { recursive: true });
  // A cache: nothing on disk (DESIGN §6, it is rebuilt from Postgres at any time).
  run('redis-server', [
    '--daemonize', 'yes',
    '--bind', '127.0.0.1', '-::1',
    '--port', String(REDIS_PORT),
    '--save', '',
    '--appendonly', 'no',
    '--dir', redisDir,
    '--logfile', join(redisDir, 'redis.log'),
  ]);
  await waitListening(REDIS_PORT, 'Redis');
  return true;
}

function readState() {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return {};
  }
}

function writeState(state) {
  mkdirSync(runDir, { recursive: true });
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
}

async function start() {
  const state = readState();
  // Remember each start as it happens, so a later failure still lets `stop` clean up.
  const remember = (name, started) => {
    state[name] = Boolean(state[name] || started);
    writeState(state);
    console.log(`${name}: ${started ? 'started' : 'already running'}`);
  };
  remember('kafka', await startKafka());
  remember('postgres', await startPostgres());
  ensureDatabase();
  remember('redis', await startRedis());
  remember('authEmulator', await startEmulator({ dataDir: join(dataDir, 'auth') }));
  console.log(`
Services mode: run each service with these settings (README, "Services mode"):
  export KAFKA_BROKERS=${KAFKA_BROKER}
  export DATABASE_URL=postgres://postgres@127.0.0.1:${POSTGRES_PORT}/${DATABASE}
  export REDIS_URL=redis://127.0.0.1:${REDIS_PORT}
  export FIREBASE_AUTH_EMULATOR_HOST=${EMULATOR_HOST}
Stop what this started with: make services-stop`);
}

async function stop() {
  const state = readState();
  if (state.authEmulator) console.log((await stopEmulator()) ? 'authEmulator: stopped' : 'authEmulator: not running');
  if (state.redis) {
    spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'shutdown', 'nosave'], { stdio: 'ignore' });
    console.log('redis: stopped');
  }
  if (state.postgres) {
    const [version] = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
    if (version) run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop']);
    console.log('postgres: stopped');
  }
  if (state.kafka) console.log((await stopKafka()) ? 'kafka: stopped' : 'kafka: not running');
  for (const [name, started] of Object.entries(state)) if (!started) console.log(`${name}: left running (not started by make services)`);
  rmSync(stateFile, { force: true });
}

const command = process.argv[2];
if (command === 'start') await start();
else if (command === 'stop') await stop();
else {
  console.error('usage: services.mjs start | stop');
  process.exit(2);
}
