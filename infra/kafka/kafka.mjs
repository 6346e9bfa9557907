#!/usr/bin/env node
// A one-node Apache Kafka 3.9 (KRaft: broker and controller in one JVM) for services mode and the
// tests, run from jars that Maven fetches by infra/kafka/pom.xml with the machine's Java 17.
// Usage: node infra/kafka/kafka.mjs start | stop | status | jars
//   start   fetches the jars when missing, formats the storage once (with the shop's SCRAM users),
//           starts the broker on 127.0.0.1:$KAFKA_PORT (9092), waits until it answers metadata and
//           grants each service its ACLs. Idempotent: a broker that already answers is left alone
//           (its ACLs granted again). Data: $KAFKA_DATA_DIR (.data/kafka); its users' passwords
//           beside it, in $KAFKA_DATA_DIR-users.json.
//   stop    stops the broker this project started (by its pid file).
//   env S   prints the KAFKA_SASL_* settings of principal S (command-service, projector,
//           query-service, operator, admin), for `export $(node infra/kafka/kafka.mjs env projector)`.
// The broker is as a production cluster should be (docs/security.md, "Kafka"): clients sign in
// with SASL/SCRAM-SHA-512 (plaintext on loopback: no TLS here), and an authorizer lets only the
// command service's principal write the shop's topics.
// Settings: KAFKA_PORT (9092), KAFKA_CONTROLLER_PORT (9093), KAFKA_DATA_DIR, KAFKA_HEAP (512m),
// JAVA_HOME (else `java` on the PATH).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listening as listeningOn, sleep, startInBackground, stopByPidFile } from '../../scripts/processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const runDir = join(root, '.run', 'kafka');
const pidFile = join(runDir, 'kafka.pid');
const logFile = join(runDir, 'kafka.log');
const lockDir = join(runDir, 'start.lock');
const libDir = join(here, 'lib');

const HOST = '127.0.0.1';
export const KAFKA_PORT = Number(process.env.KAFKA_PORT || 9092);
const CONTROLLER_PORT = Number(process.env.KAFKA_CONTROLLER_PORT || 9093);
const DATA_DIR = resolve(root, process.env.KAFKA_DATA_DIR || '.data/kafka');
const HEAP = process.env.KAFKA_HEAP || '512m';
export const KAFKA_BROKER = `${HOST}:${KAFKA_PORT}`;

// A cold JVM on two busy cores takes a while; Maven's first download of the jars even longer.
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const STALE_LOCK_MS = 5 * 60_000;

const listening = (port) => listeningOn(port, HOST);

/**
 * The broker's SCRAM principals and their grants, from principals.txt (docs/security.md, "Kafka"):
 * docker-compose's setup (infra/compose/kafka-setup.sh) reads the same file. Each line is a key (the
 * process), its user name and its grants, RESOURCE:OPERATION; '#' starts a comment.
 */
function readPrincipals() {
  return readFileSync(join(here, 'principals.txt'), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => {
      const [key, user, ...grants] = line.split(/\s+/);
      return { key, user, grants: grants.map((grant) => grant.split(':')) };
    });
}
const PRINCIPALS = readPrincipals();

/** Each principal's user name by its key: admin, command-service, projector, query-service, operator. */
export const KAFKA_PRINCIPALS = Object.freeze(Object.fromEntries(PRINCIPALS.map(({ key, user }) => [key, user])));

/** The users' passwords, made when the storage is first formatted and kept beside it (mode 0600). */
const usersFile = `${DATA_DIR}-users.json`;

function readUsers() {
  try {
    return JSON.parse(readFileSync(usersFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Random passwords for every principal, once: the storage formatted with them knows no others. */
function ensureUsers() {
  const known = readUsers();
  if (known) return known;
  const users = Object.fromEntries(Object.values(KAFKA_PRINCIPALS).map((name) => [name, randomBytes(24).toString('base64url')]));
  mkdirSync(dirname(usersFile), { recursive: true });
  writeFileSync(usersFile, JSON.stringify(users, null, 2), { mode: 0o600 });
  return users;
}

/** The KAFKA_SASL_* settings a process signs in with as `principal` (a key of KAFKA_PRINCIPALS). */
export function kafkaSaslEnv(principal) {
  const username = KAFKA_PRINCIPALS[principal];
  if (!username) throw new Error(`no Kafka principal "${principal}": one of ${Object.keys(KAFKA_PRINCIPALS).join(', ')}`);
  const password = readUsers()?.[username];
  if (!password) throw new Error(`Kafka's users are not made yet (${usersFile}): run \`node infra/kafka/kafka.mjs start\` first`);
  return { KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password };
}

/** A kafkajs admin client of the broker, signed in as its admin; undefined before the users are made. */
async function adminClient(port, timeouts) {
  const password = readUsers()?.[KAFKA_PRINCIPALS.admin];
  if (!password) return undefined;
  const { Kafka, logLevel } = (await import('kafkajs')).default;
  return new Kafka({
    clientId: 'toolforge-kafka-setup',
    brokers: [`${HOST}:${port}`],
    sasl: { mechanism: 'scram-sha-512', username: KAFKA_PRINCIPALS.admin, password },
    logLevel: logLevel.NOTHING,
    ...timeouts,
  }).admin();
}

/** True when a Kafka broker answers metadata on KAFKA_PORT to the admin and lists itself as alive. */
export async function isKafkaReady(port = KAFKA_PORT) {
  if (!(await listening(port))) return false;
  // A broker from before SASL (or another project's) does not know the admin: not ready, for us.
  const admin = await adminClient(port, { connectionTimeout: 1000, requestTimeout: 3000, retry: { retries: 0 } });
  if (!admin) return false;
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0 && cluster.controller !== null;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

function java() {
  return process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
}

function run(command, args, what, output = 'inherit') {
  const result = spawnSync(command, args, { cwd: here, stdio: ['ignore', output, output] });
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status})`);
}

/** The broker's jars from Maven Central, fetched once into infra/kafka/lib. */
export function ensureJars() {
  const present = existsSync(libDir) && readdirSync(libDir).some((name) => /^kafka_2\.13-.*\.jar$/.test(name));
  if (present) return false;
  console.error('Fetching Apache Kafka jars from Maven Central into infra/kafka/lib …');
  rmSync(libDir, { recursive: true, force: true });
  run(
    'mvn',
    ['-q', '-B', '-Dstyle.color=never', '-f', join(here, 'pom.xml'), 'dependency:copy-dependencies'],
    'mvn dependency:copy-dependencies',
  );
  return true;
}

/**
 * server.properties from the committed template plus this machine's folders, ports and the admin's
 * password (the broker signs in to itself with it): readable by this user only.
 */
function writeServerProperties(users) {
  const template = readFileSync(join(here, 'server.properties'), 'utf8');
  const admin = KAFKA_PRINCIPALS.admin;
  const password = users[admin];
  const local = [
    '',
    '# Set by infra/kafka/kafka.mjs for this checkout.',
    `listeners=CLIENTS://${HOST}:${KAFKA_PORT},CONTROLLER://${HOST}:${CONTROLLER_PORT}`,
    `advertised.listeners=CLIENTS://${HOST}:${KAFKA_PORT}`,
    `controller.quorum.voters=1@${HOST}:${CONTROLLER_PORT}`,
    `log.dirs=${DATA_DIR}`,
    `listener.name.clients.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="${admin}" password="${password}";`,
    `listener.name.controller.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${admin}" password="${password}" user_${admin}="${password}";`,
    '',
  ].join('\n');
  const file = join(runDir, 'server.properties');
  writeFileSync(file, template + local, { mode: 0o600 });
  return file;
}

function jvmArgs(mainClass, args) {
  return [
    `-Xms${HEAP}`,
    `-Xmx${HEAP}`,
    '-XX:+UseG1GC',
    '-XX:MaxGCPauseMillis=20',
    '-Djava.awt.headless=true',
    `-Dlog4j.configuration=file:${join(here, 'log4j.properties')}`,
    `-Dkafka.logs.dir=${runDir}`,
    '-cp',
    `${libDir}/*`,
    mainClass,
    ...args,
  ];
}

/**
 * KRaft storage is formatted once per data dir, with a fresh cluster id and the SCRAM users (KRaft
 * keeps them in its metadata log, so the broker can check passwords from its first start).
 */
function formatStorageOnce(config, users) {
  if (existsSync(join(DATA_DIR, 'meta.properties'))) return;
  mkdirSync(DATA_DIR, { recursive: true });
  // Kafka's cluster ids are 16 random bytes in URL-safe base64 that do not start with '-'.
  let clusterId;
  do clusterId = randomBytes(16).toString('base64url');
  while (clusterId.startsWith('-'));
  const log = openSync(logFile, 'a');
  run(
    java(),
    jvmArgs('kafka.tools.StorageTool', [
      'format',
      '-t',
      clusterId,
      '-c',
      config,
      '--ignore-formatted',
      ...Object.entries(users).flatMap(([name, password]) => ['--add-scram', `SCRAM-SHA-512=[name=${name},password=${password}]`]),
    ]),
    `Kafka storage format (see ${logFile})`,
    log,
  );
}

/** Storage formatted before the broker had users (nobody could sign in to it) is kept aside, not deleted. */
function setAsideStorageWithoutUsers() {
  if (!existsSync(join(DATA_DIR, 'meta.properties')) || existsSync(usersFile)) return;
  const aside = `${DATA_DIR}-before-sasl-${Date.now()}`;
  renameSync(DATA_DIR, aside);
  console.error(`Kafka's storage had no SASL users: moved to ${aside}, formatting a new one`);
}

/** Only one caller starts the broker at a time (two test workers, or two terminals). */
async function withStartLock(work) {
  mkdirSync(runDir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs > STALE_LOCK_MS)
        rmSync(lockDir, { recursive: true, force: true });
      await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Grants each principal's ACLs (principals.txt) as the admin (creating an ACL that exists changes nothing). */
async function grantAcls() {
  const { AclResourceTypes, AclOperationTypes, AclPermissionTypes, ResourcePatternTypes } = (await import('kafkajs')).default;
  const acl = PRINCIPALS.flatMap(({ user, grants }) =>
    grants.map(([resource, operation]) => ({
      resourceType: AclResourceTypes[resource],
      resourceName: '*',
      resourcePatternType: ResourcePatternTypes.LITERAL,
      principal: `User:${user}`,
      host: '*',
      operation: AclOperationTypes[operation],
      permissionType: AclPermissionTypes.ALLOW,
    })),
  );
  const admin = await adminClient(KAFKA_PORT, { retry: { retries: 5 } });
  await admin.connect();
  try {
    await admin.createAcls({ acl });
  } finally {
    await admin.disconnect();
  }
}

/** Starts the broker unless one answers; resolves true if this call started it. Grants the ACLs either way. */
export async function startKafka() {
  if (await isKafkaReady()) {
    await grantAcls();
    return false;
  }
  return withStartLock(async () => {
    // Another caller may have started it while this one waited for the lock.
    if (await isKafkaReady()) return false;
    if (await listening(KAFKA_PORT)) {
      // This project's broker of before SASL: stopped, to start again with its users and ACLs.
      if (!(await stopKafka())) throw new Error(`Port ${KAFKA_PORT} is taken by something that is not a ready Kafka broker`);
      console.error('Stopped a Kafka broker without SASL users (started before they came); starting it again with them');
    }
    ensureJars();
    setAsideStorageWithoutUsers();
    const users = ensureUsers();
    const config = writeServerProperties(users);
    formatStorageOnce(config, users);
    await startInBackground({
      name: 'Kafka',
      command: java(),
      args: jvmArgs('kafka.Kafka', [config]),
      cwd: root,
      env: process.env,
      logFile,
      pidFile,
      ready: () => isKafkaReady(),
      timeoutMs: READY_TIMEOUT_MS,
      pollMs: 500,
      stopGraceMs: STOP_TIMEOUT_MS,
    });
    await grantAcls();
    return true;
  });
}

/** Stops the broker this project started (by its pid file), letting it shut down cleanly first. */
export function stopKafka() {
  return stopByPidFile(pidFile, { signal: 'SIGTERM', graceMs: STOP_TIMEOUT_MS });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'start') {
    const started = await startKafka();
    console.log(started ? `Kafka started on ${KAFKA_BROKER} (data: ${DATA_DIR})` : `Kafka already running on ${KAFKA_BROKER}`);
  } else if (command === 'stop') {
    console.log((await stopKafka()) ? 'Kafka stopped' : 'No Kafka started by this project');
  } else if (command === 'status') {
    const ready = await isKafkaReady();
    console.log(ready ? `running on ${KAFKA_BROKER}` : 'not running');
    process.exit(ready ? 0 : 1);
  } else if (command === 'env') {
    // Printed for a shell's `export $(…)`: the password goes to the caller's terminal only.
    for (const [name, value] of Object.entries(kafkaSaslEnv(process.argv[3]))) console.log(`${name}=${value}`);
  } else if (command === 'jars') {
    console.log(ensureJars() ? 'Kafka jars fetched' : 'Kafka jars present');
  } else {
    console.error('usage: kafka.mjs start | stop | status | jars | env <principal>');
    process.exit(2);
  }
}
