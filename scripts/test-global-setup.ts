// Tests verify real ID tokens from the Firebase Auth emulator, pay through the local payment
// provider (docs/payments.md#the-local-provider), and the log and read-model behaviour runs against
// a real Kafka broker, PostgreSQL and Redis as well as the embedded adapters. Start each when nothing
// answers yet, and stop it afterwards only if this run started it. The STRIPE_* settings are not set
// here: a test that pays sets them for the shop it starts (PAYMENT_PROVIDER_URL and the local keys).
// KAFKA_BROKERS, DATABASE_URL and REDIS_URL name outside servers to use instead. The local mail
// catcher (maildev) too: a test of a shop that mails sets its SMTP_URL to MAIL_CATCHER_SMTP_URL.
import type { TestProject } from 'vitest/node';
import { startEmulator, stopEmulator } from './auth-emulator.mjs';
import { startPaymentProvider, stopPaymentProvider } from './payment-provider.mjs';
import { startMailCatcher, stopMailCatcher } from './mail-catcher.mjs';
import { startTogether } from './processes.mjs';
import { KAFKA_BROKER, kafkaSaslEnv, startKafka, stopKafka } from '../infra/kafka/kafka.mjs';
import { POSTGRES_URL, REDIS_URL, startPostgres, startRedis, stopPostgres, stopRedis } from './postgres-redis.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Comma-separated broker addresses of the Kafka the tests use. */
    kafkaBrokers: string;
    /** A PostgreSQL server the tests may create (and drop) their own databases on. */
    postgresUrl: string;
    /** A Redis the tests share, each under its own key prefix. */
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const outside = {
    kafka: process.env.KAFKA_BROKERS?.trim(),
    postgres: process.env.DATABASE_URL?.trim(),
    redis: process.env.REDIS_URL?.trim(),
  };
  const stopStarted = await startTogether([
    { start: startEmulator, stop: stopEmulator },
    { start: () => startPaymentProvider(), stop: stopPaymentProvider },
    { start: startMailCatcher, stop: stopMailCatcher },
    { start: () => (outside.kafka ? Promise.resolve(false) : startKafka()), stop: stopKafka },
    { start: () => (outside.postgres ? Promise.resolve(false) : startPostgres()), stop: stopPostgres },
    { start: () => (outside.redis ? Promise.resolve(false) : startRedis()), stop: stopRedis },
  ]);
  project.provide('kafkaBrokers', outside.kafka || KAFKA_BROKER);
  // The project's broker takes signed-in clients only: the tests (and the services they start) sign in
  // as its admin, who may create and delete each run's topics; kafkaAcls.int.spec.ts tests the
  // services' own principals. The test workers inherit this environment.
  if (!outside.kafka) Object.assign(process.env, kafkaSaslEnv('admin'));
  project.provide('postgresUrl', outside.postgres || POSTGRES_URL);
  project.provide('redisUrl', outside.redis || REDIS_URL);
  return stopStarted;
}
