#!/usr/bin/env node
// `make services` / `make services-stop`: the servers of services mode (docs/architecture.md#2-two-ways-to-run-same-code) on this machine,
// without Docker: Kafka (infra/kafka), PostgreSQL and Redis (Debian's packages, installed and
// started when missing), the Firebase Auth emulator and the local payment provider (development
// only: docs/payments.md#the-local-provider). Idempotent: what already answers is left
// alone, and `stop` stops only what `start` started (remembered in .run/services.json).
// Usage: node scripts/services.mjs start | stop
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KAFKA_BROKER, startKafka, stopKafka } from '../infra/kafka/kafka.mjs';
import { EMULATOR_HOST, startEmulator, stopEmulator } from './auth-emulator.mjs';
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  PAYMENT_PROVIDER_URL,
  startPaymentProvider,
  stopPaymentProvider,
} from './payment-provider.mjs';
import { POSTGRES_PORT, REDIS_URL, ensureDatabase, startPostgres, startRedis, stopPostgres, stopRedis } from './postgres-redis.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runDir = join(root, '.run');
const stateFile = join(runDir, 'services.json');
const dataDir = resolve(root, process.env.DATA_DIR || '.data');

const DATABASE = 'toolforge';

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
  ensureDatabase(DATABASE);
  remember('redis', await startRedis());
  remember('authEmulator', await startEmulator({ dataDir: join(dataDir, 'auth') }));
  remember('paymentProvider', await startPaymentProvider({ dataDir: join(dataDir, 'payments') }));
  console.log(`
Services mode: run each service with these settings (docs/deployment.md#services-mode):
  export KAFKA_BROKERS=${KAFKA_BROKER}
  export $(node infra/kafka/kafka.mjs env command-service)  # each its own Kafka principal: projector,
                                                            # query-service, operator (toolforge)
  export DATABASE_URL=postgres://postgres@127.0.0.1:${POSTGRES_PORT}/${DATABASE}
  export REDIS_URL=${REDIS_URL}
  export FIREBASE_AUTH_EMULATOR_HOST=${EMULATOR_HOST}
  export STRIPE_API_BASE=${PAYMENT_PROVIDER_URL} STRIPE_SECRET_KEY=${LOCAL_STRIPE_SECRET_KEY} \\
    STRIPE_WEBHOOK_SECRET=${LOCAL_STRIPE_WEBHOOK_SECRET}  # card payments on the local provider
Stop what this started with: make services-stop`);
}

async function stop() {
  const state = readState();
  if (state.paymentProvider) console.log((await stopPaymentProvider()) ? 'paymentProvider: stopped' : 'paymentProvider: not running');
  if (state.authEmulator) console.log((await stopEmulator()) ? 'authEmulator: stopped' : 'authEmulator: not running');
  if (state.redis) {
    stopRedis();
    console.log('redis: stopped');
  }
  if (state.postgres) {
    stopPostgres();
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
