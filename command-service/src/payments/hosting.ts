import type { ShopConfig } from '@toolforge/platform';
import { registerWebhookEndpoint, stripePaymentProvider } from '@toolforge/platform/payments';
import type { CardPayments } from './paymentPage.js';
import { WEBHOOK_PATH } from './paymentRoutes.js';

/**
 * What a host hands the command side for card payments, from its settings: the Stripe adapter when
 * STRIPE_SECRET_KEY is set, nothing otherwise (orders are then paid offline only).
 */
export function cardPaymentsOf(config: Pick<ShopConfig, 'payments' | 'webOrigins'>): CardPayments | undefined {
  if (!config.payments) return undefined;
  return { provider: stripePaymentProvider(config.payments), settings: config.payments, webOrigins: config.webOrigins };
}

export interface DevelopmentWebhook {
  close(): Promise<void>;
}

interface HostLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * A development host (STRIPE_API_BASE set: the local provider) registers where it listens as a
 * webhook endpoint, once it listens, and deletes it on close; on Stripe the endpoint is configured in
 * its dashboard, and nothing is registered. A provider that does not answer leaves the shop serving,
 * with a warning: its orders stay pending until a webhook reaches them.
 */
export async function registerDevelopmentWebhook(
  payments: CardPayments | undefined,
  listening: { host: string; port: number },
  logger: HostLogger,
): Promise<DevelopmentWebhook | undefined> {
  if (!payments?.settings.apiBase) return undefined;
  const url = `http://${reachableHost(listening.host)}:${listening.port}${WEBHOOK_PATH}`;
  try {
    const endpoint = await registerWebhookEndpoint(payments.settings, url);
    if (!endpoint.signsWithOurSecret) {
      logger.warn(
        { url },
        'the payment provider signs this webhook endpoint with another secret than STRIPE_WEBHOOK_SECRET: its webhooks will be refused',
      );
    }
    logger.info({ url, endpointId: endpoint.endpointId }, 'registered the webhook endpoint with the local payment provider');
    return {
      async close() {
        try {
          await endpoint.close();
        } catch (error) {
          logger.warn({ err: error, url }, 'could not delete the webhook endpoint at the local payment provider');
        }
      },
    };
  } catch (error) {
    logger.warn(
      { err: error, url },
      'could not register the webhook endpoint with the local payment provider: no order will be paid by card',
    );
    return undefined;
  }
}

/** Where a server listening on `host` is called from this machine: a wildcard address is every one, loopback included. */
function reachableHost(host: string): string {
  if (host === '' || host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
