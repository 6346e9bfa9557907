// Types for postgres-redis.mjs, a plain ESM script shared with the Makefile, so TypeScript callers are checked.
export const POSTGRES_PORT: number;
export const REDIS_PORT: number;
export const POSTGRES_URL: string;
export const REDIS_URL: string;
/** Resolves true if this call started PostgreSQL. */
export function startPostgres(): Promise<boolean>;
export function stopPostgres(): void;
export function ensureDatabase(name: string): void;
/** Resolves true if this call started Redis. */
export function startRedis(): Promise<boolean>;
export function stopRedis(): void;
