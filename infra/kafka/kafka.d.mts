// Types for kafka.mjs, a plain ESM script shared with the Makefile, so TypeScript callers are checked.
export const KAFKA_PORT: number;
export const KAFKA_BROKER: string;
export function isKafkaReady(port?: number): Promise<boolean>;
export function ensureJars(): void;
/** Resolves true if this call started the broker, false when one already answered. */
export function startKafka(): Promise<boolean>;
/** False when this project had not started a broker. */
export function stopKafka(): Promise<boolean>;
