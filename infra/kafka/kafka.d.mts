// Types for kafka.mjs, a plain ESM script shared with the Makefile, so TypeScript callers are checked.
export const KAFKA_PORT: number;
export const KAFKA_BROKER: string;
/** The broker's SCRAM principals: each service's own, the operator tool's, and the admin's (setup, tests). */
export const KAFKA_PRINCIPALS: Readonly<Record<'admin' | 'command-service' | 'projector' | 'query-service' | 'operator', string>>;
/** KAFKA_SASL_MECHANISM, _USERNAME and _PASSWORD of a principal (a key of KAFKA_PRINCIPALS); throws before the broker's first start. */
export function kafkaSaslEnv(principal: string): Record<'KAFKA_SASL_MECHANISM' | 'KAFKA_SASL_USERNAME' | 'KAFKA_SASL_PASSWORD', string>;
export function isKafkaReady(port?: number): Promise<boolean>;
export function ensureJars(): boolean;
/** Resolves true if this call started the broker, false when one already answered. */
export function startKafka(): Promise<boolean>;
/** False when this project had not started a broker. */
export function stopKafka(): Promise<boolean>;
