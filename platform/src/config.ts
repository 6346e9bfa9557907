import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_RESERVATION_TTL_MS, sellerBlock, type SellerBlock } from '@toolforge/contracts';
import { anchorSettings, type AnchorSettings } from './anchors/settings.js';
import { privacySettings, type PrivacySettings } from './privacy/settings.js';
import { writeFileOnce } from './fileOnce.js';

/** Every setting comes from the environment, with these defaults (docs/deployment.md#configuration). */
export interface ShopConfig {
  /** Where the log's writer signs its checkpoints, with which key (AUDIT_*; docs/audit-trail.md). */
  anchors: AnchorSettings;
  /** The customers' data keys' master key, and how long invoices keep their buyer after an erasure (docs/privacy.md). */
  privacy: PrivacySettings;
  /** The address the services listen on: loopback, or 0.0.0.0 in a container. */
  host: string;
  apiPort: number;
  commandPort: number;
  queryPort: number;
  webPort: number;
  dataDir: string;
  adminEmails: string[];
  /** Unset: generated once per data dir. At least MIN_JWT_SECRET_LENGTH characters when set. */
  jwtSecret: string | undefined;
  firebaseProjectId: string;
  /**
   * host:port of the Firebase Auth emulator, only when FIREBASE_AUTH_EMULATOR_HOST says so: the
   * emulator accepts unsigned ID tokens, so it is never a default (see identitySource).
   */
  authEmulatorHost: string | undefined;
  /** TRUST_PROXY, as Fastify's trustProxy: whose X-Forwarded-For names the client (off by default). */
  trustProxy: TrustProxy;
  kafkaBrokers: string[] | undefined;
  /** The command service's stable transactional.id: a second instance with it fences the first. */
  kafkaTransactionalId: string;
  /** Put before the topic names of docs/architecture.md#3-events, for several shops (or test runs) on one cluster. */
  kafkaTopicPrefix: string;
  /** How this process proves who it is to Kafka, and whether over TLS (docs/security.md, "Kafka"). */
  kafkaSecurity: KafkaSecurity;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Put before every Redis key, for several shops (or test runs) on one Redis. */
  redisKeyPrefix: string;
  /** Origins allowed to call the API from a browser. */
  webOrigins: string[];
  /** LOG_LEVEL of the services' logs (pino levels); unset: each process's own default. */
  logLevel: string | undefined;
  /** The services-mode projector's /health and /ready. */
  projectorPort: number;
  /**
   * RATE_LIMIT_QUERY (QUERY_RATE_LIMIT, its older name, still read): GET requests a minute per
   * caller on each query route; 0 turns the limit off.
   */
  queryRateLimit: number;
  /** RATE_LIMIT_LOGIN: sign-ins a minute per client address; 0 turns the limit off. */
  loginRateLimit: number;
  /** RATE_LIMIT_ORDER: orders, and checkouts, a minute per signed-in customer (each); 0 turns the limit off. */
  orderRateLimit: number;
  /** RATE_LIMIT_COMMAND: every other command, a minute per caller; 0 turns the limit off. */
  commandRateLimit: number;
  /** COMMAND_DEADLINE_MS: a command not started by then is refused (503) rather than queued on. */
  commandDeadlineMs: number;
  /** COMMAND_QUEUE_LIMIT: commands that may wait behind the one being written; more are refused (503). */
  commandQueueLimit: number;
  /** RESERVATION_TTL in ms: an order still pending and unpaid this long after it was placed is cancelled by the shop. */
  reservationTtlMs: number;
  /**
   * BULK_BUILD_FROM: a read model that has applied no event, on a log of at least this many, is built
   * in bulk as a rebuild builds it before the projector starts (docs/read-model.md); 0 turns it off.
   */
  bulkBuildFrom: number;
  /** The payment provider's settings; undefined when STRIPE_SECRET_KEY is unset: no card payments, orders are paid offline only. */
  payments: PaymentSettings | undefined;
  /** SELLER_NAME, SELLER_ADDRESS and SELLER_VAT_ID: who sells, as each invoice and credit note states it when issued. */
  seller: SellerBlock;
  /** The order e-mails' settings; undefined when SMTP_URL is unset: no e-mail is sent (docs/documents.md). */
  mail: MailSettings | undefined;
}

/** The order e-mails, sent over SMTP by the outbox (docs/documents.md). */
export interface MailSettings {
  /** SMTP_URL: smtp://[user:password@]host:port, or smtps:// for TLS from the first byte (nodemailer's connection URL). */
  smtpUrl: string;
  /** MAIL_FROM: the sender, "Name <address>". */
  from: string;
  /** SHOP_URL, else the first of WEB_ORIGINS: where the e-mails' links point (My Orders). */
  shopUrl: string;
}

/** Card payments through Stripe (docs/payments.md). */
export interface PaymentSettings {
  /** STRIPE_SECRET_KEY: the API key the shop calls the provider with. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: what the provider signs its webhooks with (whsec_…). */
  webhookSecret: string;
  /**
   * STRIPE_API_BASE: another address for the provider's API than Stripe's own, the local provider
   * of `make start` and the tests (development only); undefined: api.stripe.com.
   */
  apiBase: URL | undefined;
  /** SHOP_CURRENCY: ISO 4217, lower case, as Stripe takes it. */
  currency: string;
  /**
   * SHOP_URL: the web shop's own address, where the provider sends a customer back to My Orders;
   * undefined: the address the customer's browser called from, if it is one of WEB_ORIGINS, else the first of them.
   */
  shopUrl: string | undefined;
}

/** BULK_BUILD_FROM's default: below it the projector's own catch-up takes a few seconds at most. */
export const BULK_BUILD_FROM_DEFAULT = 20_000;

/**
 * Fastify's trustProxy: off, every peer (only when nothing but the proxy can reach the service), or
 * these proxy addresses (CIDRs and proxy-addr's names allowed).
 */
export type TrustProxy = boolean | string[];

/**
 * The rate limits' defaults, a minute each (the reasons are beside shopRateLimits): generous for
 * people using the shop, a wall for a script hammering it.
 */
export const RATE_LIMIT_DEFAULTS = { login: 300, order: 30, query: 600, command: 120 } as const;

/** A setting the process cannot start with; the message says which and what to do. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** API tokens are HMAC-signed with JWT_SECRET: a short key can be guessed offline from one token. */
export const MIN_JWT_SECRET_LENGTH = 32;

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) throw new ConfigError(`${name} should be a port number, not "${value}"`);
  return parsed;
}

function count(value: string | undefined, fallback: number, name: string, least = 0): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < least)
    throw new ConfigError(`${name} should be a whole number of at least ${least}, not "${value}"`);
  return parsed;
}

function list(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function jwtSecret(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < MIN_JWT_SECRET_LENGTH) {
    throw new ConfigError(
      `JWT_SECRET should be at least ${MIN_JWT_SECRET_LENGTH} characters long (it signs every API token), not ${value.length}; ` +
        'for example JWT_SECRET=$(openssl rand -base64 48), or leave it unset to generate one per data dir',
    );
  }
  return value;
}

/** The units a duration may be given in, in ms. */
const DURATION_UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A duration with its unit (`500ms`, `90s`, `30m`, `2h`), above zero, in ms. */
function duration(value: string | undefined, fallback: number, name: string): number {
  const setting = value?.trim() ?? '';
  if (setting === '') return fallback;
  const [, amount, unit] = /^(\d+)(ms|s|m|h)$/.exec(setting) ?? [];
  const ms = amount === undefined || unit === undefined ? Number.NaN : Number(amount) * DURATION_UNITS[unit]!;
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw new ConfigError(`${name} should be a duration above zero with its unit (500ms, 90s, 30m or 2h), not "${setting}"`);
  }
  return ms;
}

/** Proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(value: string | undefined): TrustProxy {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === 'false') return false;
  if (setting === 'true') return true;
  const proxies = list(setting) ?? [];
  const unreadable = proxies.filter((proxy) => !PROXY_RANGE_NAMES.has(proxy) && isIP(proxy.replace(/\/\d{1,3}$/, '')) === 0);
  if (unreadable.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY should be false, true, or comma-separated proxy addresses (CIDR, loopback, linklocal, uniquelocal allowed); "${unreadable.join(', ')}" is none of these`,
    );
  }
  return proxies;
}

/** RATE_LIMIT_QUERY, else QUERY_RATE_LIMIT (its name before the other limits had variables), else the default. */
function queryRateLimitSetting(env: NodeJS.ProcessEnv): number {
  if (env.RATE_LIMIT_QUERY !== undefined && env.RATE_LIMIT_QUERY !== '')
    return count(env.RATE_LIMIT_QUERY, RATE_LIMIT_DEFAULTS.query, 'RATE_LIMIT_QUERY');
  return count(env.QUERY_RATE_LIMIT, RATE_LIMIT_DEFAULTS.query, 'QUERY_RATE_LIMIT');
}

/** The SASL mechanisms the shop speaks to Kafka with (kafkajs's, without the cloud vendors' own). */
export const KAFKA_SASL_MECHANISMS = ['scram-sha-512', 'scram-sha-256', 'plain'] as const;
export type KafkaSaslMechanism = (typeof KAFKA_SASL_MECHANISMS)[number];

/**
 * Kafka's transport and sign-in: TLS (trusting the system's authorities, or only KAFKA_SSL_CA_FILE's)
 * and a SASL principal of this process's own, so the cluster's ACLs can tell the command service,
 * the only writer, from the readers. Neither: a cluster open to whoever reaches it.
 */
export interface KafkaSecurity {
  /** False: plaintext. Otherwise TLS, with `ca` (PEM) the only authorities trusted when given. */
  tls: false | { ca?: string };
  sasl: { mechanism: KafkaSaslMechanism; username: string; password: string } | undefined;
}

function kafkaTls(env: NodeJS.ProcessEnv): KafkaSecurity['tls'] {
  const setting = env.KAFKA_SSL?.trim().toLowerCase() ?? '';
  const caFile = env.KAFKA_SSL_CA_FILE?.trim() || undefined;
  if (!['', 'true', 'false'].includes(setting)) throw new ConfigError(`KAFKA_SSL should be true or false, not "${env.KAFKA_SSL}"`);
  if (setting === 'false' && caFile) throw new ConfigError('KAFKA_SSL_CA_FILE is for TLS: leave KAFKA_SSL unset or true with it');
  // A CA file says TLS by itself: a plaintext connection would have no use for it.
  if (setting !== 'true' && !caFile) return false;
  if (!caFile) return {};
  try {
    return { ca: readFileSync(caFile, 'utf8') };
  } catch (error) {
    throw new ConfigError(`KAFKA_SSL_CA_FILE cannot be read: ${(error as Error).message}`);
  }
}

function kafkaSasl(env: NodeJS.ProcessEnv, tls: KafkaSecurity['tls']): KafkaSecurity['sasl'] {
  const mechanism = env.KAFKA_SASL_MECHANISM?.trim().toLowerCase() || undefined;
  const username = env.KAFKA_SASL_USERNAME?.trim() || undefined;
  // The password is never echoed in a message: only whether it is there.
  const password = env.KAFKA_SASL_PASSWORD || undefined;
  if (!mechanism && !username && !password) return undefined;
  if (mechanism && !(KAFKA_SASL_MECHANISMS as readonly string[]).includes(mechanism)) {
    throw new ConfigError(`KAFKA_SASL_MECHANISM should be one of ${KAFKA_SASL_MECHANISMS.join(', ')}, not "${env.KAFKA_SASL_MECHANISM}"`);
  }
  if (!username || !password) {
    throw new ConfigError('Kafka SASL needs both KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD (this service’s own principal), or neither');
  }
  // PLAIN sends the password as it is: only inside TLS. SCRAM never sends it.
  if (mechanism === 'plain' && !tls)
    throw new ConfigError('KAFKA_SASL_MECHANISM=plain sends the password in the clear: set KAFKA_SSL=true too');
  return { mechanism: (mechanism ?? 'scram-sha-512') as KafkaSaslMechanism, username, password };
}

/** KAFKA_SSL, KAFKA_SSL_CA_FILE and KAFKA_SASL_*: every Kafka client of the process signs in with them (kafkaClient). */
export function readKafkaSecurity(env: NodeJS.ProcessEnv = process.env): KafkaSecurity {
  const tls = kafkaTls(env);
  return { tls, sasl: kafkaSasl(env, tls) };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ShopConfig {
  const webPort = port(env.WEB_PORT, 8080, 'WEB_PORT');
  const dataDir = resolve(env.DATA_DIR || '.data');
  return {
    anchors: anchorSettings(env, dataDir, (message) => new ConfigError(message)),
    privacy: privacySettings(env, dataDir, (message) => new ConfigError(message)),
    host: env.HOST || '127.0.0.1',
    apiPort: port(env.API_PORT, 5000, 'API_PORT'),
    commandPort: port(env.COMMAND_PORT, 5001, 'COMMAND_PORT'),
    queryPort: port(env.QUERY_PORT, 5002, 'QUERY_PORT'),
    webPort,
    dataDir,
    // No default: a shop on real Firebase names its admins; `make start` names its demo admin (scripts/start.mjs).
    adminEmails: list(env.ADMIN_EMAILS) ?? [],
    jwtSecret: jwtSecret(env.JWT_SECRET),
    firebaseProjectId: env.FIREBASE_PROJECT_ID || 'demo-toolforge',
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    kafkaBrokers: list(env.KAFKA_BROKERS),
    // Behind the topic prefix, so that the command services of shops sharing a cluster never fence each other.
    kafkaTransactionalId: env.KAFKA_TRANSACTIONAL_ID || `${env.KAFKA_TOPIC_PREFIX || ''}toolforge-command-service`,
    kafkaTopicPrefix: env.KAFKA_TOPIC_PREFIX || '',
    kafkaSecurity: readKafkaSecurity(env),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || '',
    webOrigins: list(env.WEB_ORIGINS) ?? [`http://localhost:${webPort}`, `http://127.0.0.1:${webPort}`, 'http://localhost:5173'],
    logLevel: env.LOG_LEVEL || undefined,
    projectorPort: port(env.PROJECTOR_PORT, 5003, 'PROJECTOR_PORT'),
    queryRateLimit: queryRateLimitSetting(env),
    loginRateLimit: count(env.RATE_LIMIT_LOGIN, RATE_LIMIT_DEFAULTS.login, 'RATE_LIMIT_LOGIN'),
    orderRateLimit: count(env.RATE_LIMIT_ORDER, RATE_LIMIT_DEFAULTS.order, 'RATE_LIMIT_ORDER'),
    commandRateLimit: count(env.RATE_LIMIT_COMMAND, RATE_LIMIT_DEFAULTS.command, 'RATE_LIMIT_COMMAND'),
    commandDeadlineMs: count(env.COMMAND_DEADLINE_MS, 10_000, 'COMMAND_DEADLINE_MS', 1),
    commandQueueLimit: count(env.COMMAND_QUEUE_LIMIT, 100, 'COMMAND_QUEUE_LIMIT', 1),
    reservationTtlMs: duration(env.RESERVATION_TTL, DEFAULT_RESERVATION_TTL_MS, 'RESERVATION_TTL'),
    bulkBuildFrom: count(env.BULK_BUILD_FROM, BULK_BUILD_FROM_DEFAULT, 'BULK_BUILD_FROM'),
    payments: paymentSettings(env),
    seller: sellerSettings(env),
    mail: mailSettings(env),
  };
}

/** The seller's name when SELLER_NAME is unset. */
export const DEFAULT_SELLER_NAME = 'ToolForge';

/**
 * SELLER_NAME, SELLER_ADDRESS (its lines separated by "\n" in the setting, or real line breaks) and
 * SELLER_VAT_ID: checked here against the invoice's own rules, so that a bad setting stops the start
 * rather than every payment's invoice.
 */
export function sellerSettings(env: NodeJS.ProcessEnv = process.env): SellerBlock {
  const seller = {
    name: env.SELLER_NAME?.trim() || DEFAULT_SELLER_NAME,
    address: (env.SELLER_ADDRESS ?? '').replaceAll('\\n', '\n').trim(),
    vatId: env.SELLER_VAT_ID?.trim() ?? '',
  };
  const parsed = sellerBlock.safeParse(seller);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const setting = { name: 'SELLER_NAME', address: 'SELLER_ADDRESS', vatId: 'SELLER_VAT_ID' }[String(issue?.path[0]) as keyof SellerBlock];
    throw new ConfigError(`${setting ?? 'SELLER_*'} cannot be printed on an invoice: it ${issue?.message ?? 'is not valid'}`);
  }
  return parsed.data;
}

/** MAIL_FROM when unset. */
export const DEFAULT_MAIL_FROM = 'ToolForge <orders@toolforge.localhost>';

/** SMTP_URL, MAIL_FROM and SHOP_URL: the order e-mails, or none without an SMTP server. */
export function mailSettings(env: NodeJS.ProcessEnv = process.env): MailSettings | undefined {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (!smtpUrl) return undefined;
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new ConfigError('SMTP_URL should be an smtp:// or smtps:// URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError('SMTP_URL should be an smtp:// or smtps:// URL');
  const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  if (/[\r\n]/.test(from)) throw new ConfigError('MAIL_FROM should be one line, "Name <address>"');
  const webPort = env.WEB_PORT?.trim() || '8080';
  const shopUrl = httpUrl(env.SHOP_URL, 'SHOP_URL')?.origin ?? list(env.WEB_ORIGINS)?.[0] ?? `http://localhost:${webPort}`;
  return { smtpUrl, from, shopUrl };
}

/** STRIPE_*, SHOP_CURRENCY and SHOP_URL: card payments, or none without a secret key. */
export function paymentSettings(env: NodeJS.ProcessEnv = process.env): PaymentSettings | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  if (!secretKey) {
    if (webhookSecret)
      throw new ConfigError('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: set both for card payments, or neither');
    return undefined;
  }
  // Without it no webhook could be trusted, and no order would ever be paid by card.
  if (!webhookSecret)
    throw new ConfigError('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the signing secret of the webhook endpoint, whsec_…)');
  const currency = (env.SHOP_CURRENCY?.trim() || 'usd').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency))
    throw new ConfigError(`SHOP_CURRENCY should be a three-letter ISO 4217 code (usd, eur), not "${env.SHOP_CURRENCY}"`);
  return {
    secretKey,
    webhookSecret,
    apiBase: httpUrl(env.STRIPE_API_BASE, 'STRIPE_API_BASE'),
    currency,
    shopUrl: httpUrl(env.SHOP_URL, 'SHOP_URL')?.origin,
  };
}

function httpUrl(value: string | undefined, name: string): URL | undefined {
  const setting = value?.trim() ?? '';
  if (setting === '') return undefined;
  let url: URL;
  try {
    url = new URL(setting);
  } catch {
    throw new ConfigError(`${name} should be an http(s) URL, not "${setting}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} should be an http(s) URL, not "${setting}"`);
  return url;
}

/**
 * JWT_SECRET, or the key generated for this data dir on its first start (kept beside the data).
 * Services started together on one machine share it: the key is written to a file of its own and
 * linked into place, which fails if another process got there first, whose key is then read.
 */
export async function apiTokenSecret(config: Pick<ShopConfig, 'jwtSecret' | 'dataDir'>): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.dataDir, { recursive: true });
    await writeFileOnce(file, randomBytes(48).toString('base64url'));
    return (await readFile(file, 'utf8')).trim();
  }
}

/**
 * For a process's entry point: the settings it needs, or the problem with them on stderr and exit
 * code 2 (a wrong setting, not a crash: no stack trace).
 */
export function configOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}
