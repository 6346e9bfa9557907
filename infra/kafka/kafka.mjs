#!/usr/bin/env node
// A one-node Apache Kafka 3.9 (KRaft: broker and controller in one JVM) for services mode and the
// tests, run from jars that Maven fetches by infra/kafka/pom.xml with the machine's Java 17.
// Usage: node infra/kafka/kafka.mjs start | stop | status | jars
//   start   fetches the jars when missing, formats the storage once, starts the broker on
//           127.0.0.1:$KAFKA_PORT (9092) and waits until it answers metadata. Idempotent: a broker
//           that already answers is left alone. Data: $KAFKA_DATA_DIR (.data/kafka).
//   stop    stops the broker this project started (by its pid file).
// Settings: KAFKA_PORT (9092), KAFKA_CONTROLLER_PORT (9093), KAFKA_DATA_DIR, KAFKA_HEAP (512m),
// JAVA_HOME (else `java` on the PATH).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** True when a Kafka broker answers metadata on KAFKA_PORT and lists itself as alive. */
export async function isKafkaReady(port = KAFKA_PORT) {
  if (!(await listening(port))) return false;
  const { Kafka, logLevel } = (await import('kafkajs')).default;
  const admin = new Kafka({
    clientId: 'toolforge-kafka-probe',
    brokers: [`${HOST}:${port}`],
    connectionTimeout: 1000,
    requestTimeout: 3000,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  }).admin();
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

/** server.properties from the committed template plus this machine's folders and ports. */
function writeServerProperties() {
  const template = readFileSync(join(here, 'server.properties'), 'utf8');
  const local = [
    '',
    '# Set by infra/kafka/kafka.mjs for this checkout.',
    `listeners=PLAINTEXT://${HOST}:${KAFKA_PORT},CONTROLLER://${HOST}:${CONTROLLER_PORT}`,
    `advertised.listeners=PLAINTEXT://${HOST}:${KAFKA_PORT}`,
    `controller.quorum.voters=1@${HOST}:${CONTROLLER_PORT}`,
    `log.dirs=${DATA_DIR}`,
    '',
  ].join('\n');
  const file = join(runDir, 'server.properties');
  writeFileSync(file, template + local);
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

/** KRaft storage is formatted once per data dir, with a fresh cluster id. */
function formatStorageOnce(config) {
  if (existsSync(join(DATA_DIR, 'meta.properties'))) return;
  mkdirSync(DATA_DIR, { recursive: true });
  // Kafka's cluster ids are 16 random bytes in URL-safe base64 that do not start with '-'.
  let clusterId;
  do clusterId = randomBytes(16).toString('base64url');
  while (clusterId.startsWith('-'));
  const log = openSync(logFile, 'a');
  run(
    java(),
    jvmArgs('kafka.tools.StorageTool', ['format', '-t', clusterId, '-c', config, '--ignore-formatted']),
    `Kafka storage format (see ${logFile})`,
    log,
  );
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

/** Starts the broker unless one answers; resolves true if this call started it. */
export async function startKafka() {
  if (await isKafkaReady()) return false;
  return withStartLock(async () => {
    // Another caller may have started it while this one waited for the lock.
    if (await isKafkaReady()) return false;
    if (await listening(KAFKA_PORT)) throw new Error(`Port ${KAFKA_PORT} is taken by something that is not a ready Kafka broker`);
    ensureJars();
    const config = writeServerProperties();
    formatStorageOnce(config);
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
  } else if (command === 'jars') {
    console.log(ensureJars() ? 'Kafka jars fetched' : 'Kafka jars present');
  } else {
    console.error('usage: kafka.mjs start | stop | status | jars');
    process.exit(2);
  }
}
