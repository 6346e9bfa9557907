import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** DESIGN §8: every setting comes from the environment, with these defaults. */
export interface ShopConfig {
  /** The address the services listen on: loopback, or 0.0.0.0 in a container. */
  host: string;
  apiPort: number;
  commandPort: number;
  queryPort: number;
  webPort: number;
  dataDir: string;
  adminEmails: string[];
  /** Unset: generated once per data dir. */
  jwtSecret: string | undefined;
  firebaseProjectId: string;
  /** Unset with real Firebase credentials. */
  authEmulatorHost: string | undefined;
  kafkaBrokers: string[] | undefined;
  /** The command service's stable transactional.id: a second instance with it fences the first. */
  kafkaTransactionalId: string;
  /** Put before the topic names of DESIGN §3, for several shops (or test runs) on one cluster. */
  kafkaTopicPrefix: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Origins allowed to call the API from a browser. */
  webOrigins: string[];
  /** LOG_LEVEL of the services' logs (pino levels); unset: each process's own default. */
  logLevel: string | undefined;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) throw new Error(`${name} should be a port number, not "${value}"`);
  return parsed;
}

function list(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value.split(',').map((item) => item.trim()).filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ShopConfig {
  const webPort = port(env.WEB_PORT, 8080, 'WEB_PORT');
  return {
    host: env.HOST || '127.0.0.1',
    apiPort: port(env.API_PORT, 5000, 'API_PORT'),
    commandPort: port(env.COMMAND_PORT, 5001, 'COMMAND_PORT'),
    queryPort: port(env.QUERY_PORT, 5002, 'QUERY_PORT'),
    webPort,
    dataDir: resolve(env.DATA_DIR || '.data'),
    adminEmails: list(env.ADMIN_EMAILS ?? 'admin@toolforge.test') ?? [],
    jwtSecret: env.JWT_SECRET || undefined,
    firebaseProjectId: env.FIREBASE_PROJECT_ID || 'demo-toolforge',
    // The embedded default talks to the emulator; an explicit empty value means real Firebase.
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST === undefined ? '127.0.0.1:9099' : env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    kafkaBrokers: list(env.KAFKA_BROKERS),
    kafkaTransactionalId: env.KAFKA_TRANSACTIONAL_ID || 'toolforge-command-service',
    kafkaTopicPrefix: env.KAFKA_TOPIC_PREFIX || '',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    webOrigins: list(env.WEB_ORIGINS) ?? [`http://localhost:${webPort}`, `http://127.0.0.1:${webPort}`, 'http://localhost:5173'],
    logLevel: env.LOG_LEVEL || undefined,
  };
}

/** JWT_SECRET, or the key generated for this data dir on its first start (kept beside the data). */
export async function apiTokenSecret(config: Pick<ShopConfig, 'jwtSecret' | 'dataDir'>): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
