import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject, vi } from 'vitest';
import { seedCatalogueIfEmpty } from '@toolforge/command-service';
import { DEMO_CATALOGUE } from '@toolforge/embedded';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { EMULATOR_HOST, launch, startServicesStack } from '@toolforge/platform/testing';
import { openReadModel } from '@toolforge/read-model';
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET, PAYMENT_PROVIDER_URL } from '../../scripts/payment-provider.mjs';
import { MAIL_CATCHER_SMTP_URL } from '../../scripts/mail-catcher.mjs';
// The servers scripts/test-global-setup.ts provides (inject's keys are declared there).
import type {} from '../../scripts/test-global-setup';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Which shop the browser drives: `make start`'s one process, or services mode's processes. */
export type StackKind = 'embedded' | 'services';

export interface Stack {
  kind: StackKind;
  webUrl: string;
  /** Where the web app sends commands (POST /login, /order, …); the one API when embedded. */
  commandUrl: string;
  /** Where it reads (products, orders, reviews); the one API when embedded. */
  queryUrl: string;
  /** Where the operator console's API is: the one API when embedded, the projector in services mode. */
  operatorUrl: string;
  /** The settings under which `toolforge` reaches this shop (docs/operators.md): its data dir, or its servers. */
  operatorEnv: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

interface StackOptions {
  adminEmails: string[];
  /**
   * Whether the shop takes card payments through the local provider the global setup started
   * (docs/payments.md): then Confirm Order and Checkout leave for its page. Off by default, so that
   * the other flows end in My Orders as a shop without card payments does (STRIPE_SECRET_KEY empty).
   */
  payments?: boolean;
  /**
   * Whether the shop sends its order e-mails, to the local mail catcher the global setup started
   * (scripts/mail-catcher.mjs; its inbox's API on MAIL_CATCHER_WEB_URL). Off by default (SMTP_URL empty).
   */
  mail?: boolean;
  /**
   * Run on the read model's database once it is migrated, before the test's first step: embedded,
   * on the data dir before the shop starts (its process holds the database after); in services mode,
   * on the PostgreSQL database once the stack is up. Say, a check that makes the read model refuse
   * some events, for dead letters an admin can then retry.
   */
  readModelSetup?: (sql: SqlExecutor) => Promise<void>;
}

/** The embedded read model in `dataDir`, migrated and given `setup`, then closed for the shop to open. */
async function prepareEmbeddedReadModel(dataDir: string, setup: (sql: SqlExecutor) => Promise<void>): Promise<void> {
  const db = await openEmbeddedPostgres(dataDir, 'readModel');
  try {
    const sql = pgliteSql(db);
    await openReadModel(sql);
    await setup(sql);
  } finally {
    await db.close();
  }
}

/** The settings of a shop that mails the local catcher, or of one that sends no e-mail. */
function mailSettings(mail: boolean | undefined): Record<string, string> {
  return { SMTP_URL: mail ? MAIL_CATCHER_SMTP_URL : '' };
}

/** The settings of a shop that pays through the local provider, or of one without card payments. */
function paymentSettings(payments: boolean | undefined): Record<string, string> {
  if (!payments) return { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_BASE: '' };
  return {
    STRIPE_API_BASE: PAYMENT_PROVIDER_URL,
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
  };
}

/** The stack E2E_STACK names (the e2e-services project of vitest.config.ts sets it), embedded by default. */
export function stackKind(): StackKind {
  const kind = process.env.E2E_STACK || 'embedded';
  if (kind !== 'embedded' && kind !== 'services') throw new Error(`E2E_STACK is embedded or services, not ${kind}`);
  return kind;
}

async function hasProducts(queryUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${queryUrl}/homeproducts`, { signal: AbortSignal.timeout(2000) });
    return response.ok && ((await response.json()) as unknown[]).length > 0;
  } catch {
    return false;
  }
}

const adminList = (adminEmails: string[]) => ['admin@toolforge.test', ...adminEmails].join(',');

/**
 * A fresh shop for one test file, with the demo catalogue seeded and nothing from an earlier run:
 * the stack E2E_STACK names. E2E_WEB_URL with E2E_API_URL (embedded), or with E2E_COMMAND_URL and
 * E2E_QUERY_URL and E2E_OPERATOR_URL (services), point the test at a stack that is already running instead.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const kind = stackKind();
  const running = runningStack(kind);
  if (running) return running;
  return kind === 'services' ? startServices(options) : startEmbedded(options);
}

function runningStack(kind: StackKind): Stack | undefined {
  const { E2E_WEB_URL: webUrl, E2E_API_URL: apiUrl } = process.env;
  const commandUrl = process.env.E2E_COMMAND_URL || apiUrl;
  const queryUrl = process.env.E2E_QUERY_URL || apiUrl;
  const operatorUrl = process.env.E2E_OPERATOR_URL || apiUrl;
  if (!webUrl || !commandUrl || !queryUrl || !operatorUrl) return undefined;
  // The operators' tool finds a running stack's shop as the operator's own settings say.
  return { kind, webUrl, commandUrl, queryUrl, operatorUrl, operatorEnv: process.env, stop: async () => {} };
}

/** The shop as `make start` runs it: API and built web from one process, on a fresh data dir. */
async function startEmbedded({ adminEmails, payments, mail, readModelSetup }: StackOptions): Promise<Stack> {
  const apiPort = process.env.E2E_API_PORT ?? '5200';
  const webPort = process.env.E2E_WEB_PORT ?? '8280';
  const dataDir = mkdtempSync(join(tmpdir(), 'toolforge-e2e-'));
  if (readModelSetup) await prepareEmbeddedReadModel(dataDir, readModelSetup);
  const shop = launch({
    name: 'the stack of make start (scripts/start.mjs)',
    command: process.execPath,
    args: ['scripts/start.mjs'],
    cwd: repoRoot,
    // Its own process group, so stopping it stops everything it started.
    detached: true,
    env: {
      ...process.env,
      API_PORT: apiPort,
      WEB_PORT: webPort,
      DATA_DIR: dataDir,
      ADMIN_EMAILS: adminList(adminEmails),
      ...paymentSettings(payments),
      ...mailSettings(mail),
    },
    stopGraceMs: 15_000,
  });
  const apiUrl = `http://localhost:${apiPort}`;
  const stack: Stack = {
    kind: 'embedded',
    webUrl: `http://localhost:${webPort}`,
    commandUrl: apiUrl,
    queryUrl: apiUrl,
    operatorUrl: apiUrl,
    // The running shop holds the data dir; the tool reads through its socket there.
    operatorEnv: { DATA_DIR: dataDir },
    async stop() {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    // The API answers with the seeded catalogue, then the web app answers.
    await shop.waitUntilReady(() => hasProducts(apiUrl), { timeoutMs: 180_000, pollMs: 500 });
    await shop.waitUntilReady({ url: `${stack.webUrl}/` }, { timeoutMs: 60_000, pollMs: 500 });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

/**
 * Services mode as `make start-services` runs it: the demo catalogue seeded into an empty log, then
 * the projector, query service, command service and the built web app each as its own process, on
 * Kafka, PostgreSQL and Redis (the servers the project's global setup provides) under a topic
 * prefix, a database and a key prefix of this file's own. Ports: E2E_SERVICES_PORT_BASE (the web
 * app) and the three after it.
 */
async function startServices({ adminEmails, payments, mail, readModelSetup }: StackOptions): Promise<Stack> {
  const base = Number(process.env.E2E_SERVICES_PORT_BASE ?? '5210');
  const services = await startServicesStack({
    label: 'e2e',
    kafkaBrokers: inject('kafkaBrokers').split(','),
    postgresUrl: inject('postgresUrl'),
    redisUrl: inject('redisUrl'),
    ports: { web: base, command: base + 1, query: base + 2, projector: base + 3 },
    env: {
      ...process.env,
      ADMIN_EMAILS: adminList(adminEmails),
      // Tokens the command service signs must pass the query service: one secret for both.
      JWT_SECRET: randomBytes(48).toString('base64url'),
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      ...paymentSettings(payments),
      ...mailSettings(mail),
    },
    seed: (log) => seedCatalogueIfEmpty(log, DEMO_CATALOGUE),
    // The browser's origin and the API addresses must be the ones scripts/web-server.mjs tells the app.
    urlHost: 'localhost',
  });
  const stack: Stack = {
    kind: 'services',
    webUrl: services.webUrl!,
    commandUrl: services.commandUrl,
    queryUrl: services.queryUrl,
    // The projector's port serves the console (scripts/web-server.mjs tells the app the same).
    operatorUrl: `http://localhost:${base + 3}`,
    operatorEnv: services.env,
    stop: services.stop,
  };
  try {
    // The read model has caught up with the seed; the query service's answer shows it too.
    await vi.waitUntil(() => hasProducts(stack.queryUrl), { timeout: 60_000, interval: 250 });
    await readModelSetup?.(services.database.sql);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
