// Tests verify real ID tokens from the Firebase Auth emulator, and the log behaviour runs against a
// real Kafka broker as well as the embedded log. Start each when nothing answers yet, and stop it
// afterwards only if this run started it. KAFKA_BROKERS names an outside broker to use instead.
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- a plain ESM script shared with the Makefile, without type declarations.
import { startEmulator, stopEmulator } from './auth-emulator.mjs';
// @ts-expect-error -- a plain ESM script shared with the Makefile, without type declarations.
import { KAFKA_BROKER, startKafka, stopKafka } from '../infra/kafka/kafka.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Comma-separated broker addresses of the Kafka the tests use. */
    kafkaBrokers: string;
  }
}

export default async function setup(project: TestProject) {
  const outsideKafka = process.env.KAFKA_BROKERS?.trim();
  const [startedEmulator, startedKafka]: [boolean, boolean] = await Promise.all([
    startEmulator(),
    outsideKafka ? Promise.resolve(false) : startKafka(),
  ]);
  project.provide('kafkaBrokers', outsideKafka || KAFKA_BROKER);
  return async () => {
    await Promise.all([startedEmulator ? stopEmulator() : undefined, startedKafka ? stopKafka() : undefined]);
  };
}
