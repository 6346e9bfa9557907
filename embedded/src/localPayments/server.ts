import Fastify from 'fastify';
import type { Logger } from '@toolforge/platform';
import { apiRoutes } from './apiRoutes.js';
import { controlRoutes } from './controlRoutes.js';
import { answerErrorsAsStripe } from './errors.js';
import { hostedPageRoutes } from './hostedPage.js';
import { IdempotencyKeys } from './idempotency.js';
import { LocalLedger } from './ledger.js';
import { LedgerFile, readLedgerFile } from './ledgerFile.js';
import { WebhookDeliveries } from './webhooks.js';

/** The local provider's defaults (docs/payments.md#the-local-provider), which `make start` and the tests point the shop at. */
export const LOCAL_PAYMENTS = {
  host: '127.0.0.1',
  port: 12111,
  secretKey: 'sk_test_toolforge_local',
  webhookSecret: 'whsec_toolforge_local_development',
  lateWebhookMs: 3_000,
  /** Stripe retries for days; a development provider for seconds: 0.5, 1, 2, 4 and 8 s, then it gives up. */
  webhookRetryDelaysMs: [500, 1_000, 2_000, 4_000, 8_000],
} as const;

export interface LocalPaymentProviderOptions {
  host?: string;
  /** 0: any free port (the tests). */
  port?: number;
  secretKey?: string;
  webhookSecret?: string;
  lateWebhookMs?: number;
  webhookRetryDelaysMs?: readonly number[];
  /** Where the ledger is kept across restarts; none: in memory only. */
  dataDir?: string;
  /** Webhook deliveries that fail, and failures of its own; the console when not given. */
  logger?: Logger;
}

export interface LocalPaymentProvider {
  /** Its base address (`http://127.0.0.1:12111`): STRIPE_API_BASE for the shop. */
  readonly url: string;
  close(): Promise<void>;
}

const consoleLogger: Logger = {
  info: (details, message) => console.log(message, details),
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

/**
 * A Stripe of our own for development and tests (docs/payments.md#the-local-provider): the subset
 * of Stripe's API the shop uses, which the official SDK talks to unchanged; a hosted payment page
 * that decides by Stripe's test cards; signed webhooks to every registered endpoint; and the ledger
 * the reconciliation reads. Never for production: it takes test cards only and moves no money.
 */
export async function startLocalPaymentProvider(options: LocalPaymentProviderOptions = {}): Promise<LocalPaymentProvider> {
  const settings = { ...LOCAL_PAYMENTS, ...definedOnly(options) };
  const logger = options.logger ?? consoleLogger;
  const persisted = options.dataDir === undefined ? undefined : await readLedgerFile(options.dataDir);

  let baseUrl = '';
  let ledgerFile: LedgerFile | undefined;
  const changed = () => ledgerFile?.changed();
  const deliveries: WebhookDeliveries = new WebhookDeliveries({
    endpoints: () => ledger.webhookEndpointsNewestFirst(),
    secret: settings.webhookSecret,
    lateMs: settings.lateWebhookMs,
    retryDelaysMs: settings.webhookRetryDelaysMs,
    logger,
  });
  const ledger = new LocalLedger(
    { pageUrl: (sessionId) => `${baseUrl}/pay/${sessionId}`, publish: (...event) => deliveries.publish(...event), changed },
    persisted?.ledger,
  );
  const idempotency = new IdempotencyKeys(persisted?.idempotency ?? [], changed);
  if (options.dataDir !== undefined) {
    ledgerFile = new LedgerFile(
      options.dataDir,
      () => ({ version: 1, ledger: ledger.snapshot(), idempotency: idempotency.snapshot() }),
      logger,
    );
  }

  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  answerErrorsAsStripe(app, logger);
  await app.register(apiRoutes, { ledger, idempotency, secretKey: settings.secretKey, webhookSecret: settings.webhookSecret });
  await app.register(hostedPageRoutes, { ledger });
  await app.register(controlRoutes, { ledger });
  await app.listen({ host: settings.host, port: settings.port });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  // A wildcard address is no place to send a browser to: the page's address names loopback then.
  const host = ['0.0.0.0', '::'].includes(settings.host) ? '127.0.0.1' : settings.host;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: baseUrl,
    async close() {
      await deliveries.close();
      await app.close();
      await ledgerFile?.flush();
    },
  };
}

/** The options given, without those set to undefined (which would hide a default). */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
