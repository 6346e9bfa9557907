// PostgreSQL and Redis for services mode and the tests, on this machine without Docker: each is
// checked on its port; if nothing answers it is installed from Debian's packages when missing and
// started. `make services` and the tests' global setup use these; each stops only what it started.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listening, sleep } from './processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const redisDir = join(root, '.run', 'redis');

export const POSTGRES_PORT = 5432;
export const REDIS_PORT = 6379;
/** The server's own maintenance database: where the tests create and drop theirs. */
export const POSTGRES_URL = `postgres://postgres@127.0.0.1:${POSTGRES_PORT}/postgres`;
export const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
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

function clusterVersion() {
  const [version] = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  return version;
}

/** Starts the machine's PostgreSQL cluster unless something answers on 5432; true if it started it. */
export async function startPostgres() {
  if (await listening(POSTGRES_PORT)) return false;
  if (!has('pg_ctlcluster')) aptInstall('postgresql');
  const version = clusterVersion();
  if (!version) throw new Error('no PostgreSQL cluster in /etc/postgresql');
  trustLoopbackSuperuser(version);
  // The package may have started its cluster as it installed it.
  if (await listening(POSTGRES_PORT)) {
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'reload']);
    return true;
  }
  run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  await waitListening(POSTGRES_PORT, 'PostgreSQL');
  return true;
}

/**
 * A cluster this starts is a development one: the postgres user may connect from this machine's
 * loopback without a password (postgres://postgres@127.0.0.1:5432/…), as the settings and the tests
 * expect. Debian's own default asks for one; a cluster that was running before is never changed.
 */
function trustLoopbackSuperuser(version) {
  if (process.getuid?.() !== 0) return;
  const file = `/etc/postgresql/${version}/main/pg_hba.conf`;
  const rules = readFileSync(file, 'utf8');
  if (/^host\s+all\s+(all|postgres)\s+127\.0\.0\.1\/32\s+trust\s*$/m.test(rules)) return;
  // pg_hba.conf is read top down: the first matching line decides.
  writeFileSync(file, `host all postgres 127.0.0.1/32 trust\n${rules}`);
}

export function stopPostgres() {
  const version = clusterVersion();
  if (version) run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop']);
}

/** Creates a database once, as the postgres superuser (over the local socket when root). */
export function ensureDatabase(name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a plain database name`);
  const psql = (sql) => {
    const args = ['-X', '-q', '-t', '-A', '-c', sql];
    return process.getuid?.() === 0
      ? run('runuser', ['-u', 'postgres', '--', 'psql', ...args], { quiet: true })
      : run('psql', ['-h', '127.0.0.1', '-U', 'postgres', ...args], { quiet: true });
  };
  if (psql(`select 1 from pg_database where datname = '${name}'`).trim() !== '1') psql(`create database ${name}`);
}

/** Starts a Redis on 6379 unless something answers there; true if it started it. */
export async function startRedis() {
  if (await listening(REDIS_PORT)) return false;
  if (!has('redis-server')) aptInstall('redis-server');
  // The package may have started its own server as it installed it.
  if (await listening(REDIS_PORT)) return true;
  mkdirSync(redisDir, { recursive: true });
  // A cache: nothing on disk (docs/architecture.md#6-the-projector-and-the-read-model, it is rebuilt from Postgres at any time).
  run('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '-::1',
    '--port',
    String(REDIS_PORT),
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    redisDir,
    '--logfile',
    join(redisDir, 'redis.log'),
  ]);
  await waitListening(REDIS_PORT, 'Redis');
  return true;
}

export function stopRedis() {
  spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'shutdown', 'nosave'], { stdio: 'ignore' });
}
