import Stripe from 'stripe';
import { PAYMENT_LIMITS, isPlainText } from '@toolforge/contracts';
import type { PaymentSettings } from '../config.js';
import {
  PaymentProviderUnavailable,
  WebhookRefused,
  type LedgerEntry,
  type LedgerRange,
  type PaymentNotice,
  type PaymentProvider,
} from './paymentProvider.js';

/**
 * The Stripe API version the shop's calls are written against, pinned: the SDK's own, so that its
 * types describe what the provider answers. A newer SDK with another version fails the build here
 * until the shop's calls are checked against it.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.StripeConfig['apiVersion'];

/** How long one call to the provider may take: a customer waits on the page's, the refunder on the refund's. */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** The SDK's own retries of a call that failed on the network or with a 5xx (with its idempotency key). */
const NETWORK_RETRIES = 2;
/**
 * Opening a page is answered to a customer who placed an order and waits for it: one retry, and a
 * shorter bound, after which the order is answered without a page (My Orders opens one later).
 */
const PAGE_CALL = { timeout: 5_000, maxNetworkRetries: 1 } as const;

/** What a failed payment says when the provider gave no words for it. */
export const PAYMENT_FAILED_REASON = 'The payment failed';

/** The provider events the shop reads; every other one is acknowledged and ignored. */
const PAYMENT_SUCCEEDED = 'payment_intent.succeeded';
const PAYMENT_FAILED = 'payment_intent.payment_failed';

/**
 * The one PaymentProvider (paymentProvider.ts), on Stripe's official SDK: in production against
 * Stripe, in development and the tests against the local provider (settings.apiBase), which speaks
 * the part of Stripe's API the shop uses. Every call the provider cannot answer (the network, a
 * timeout, its 5xx or 429) is a PaymentProviderUnavailable; what the provider tells the shop is
 * held to the events' own rules before it reaches one (its ids, the failure's words).
 */
export function stripePaymentProvider(settings: PaymentSettings): PaymentProvider {
  const stripe = stripeClient(settings);
  return {
    async startPayment(request) {
      const { orderId, amountCents, currency, description, customerEmail, successUrl, cancelUrl, idempotencyKey } = request;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ price_data: { currency, unit_amount: amountCents, product_data: { name: description } }, quantity: 1 }],
            success_url: successUrl,
            cancel_url: cancelUrl,
            client_reference_id: orderId,
            metadata: { orderId },
            // The payment's own metadata: its webhooks name the PaymentIntent, not the page.
            payment_intent_data: { metadata: { orderId } },
            customer_email: customerEmail,
          },
          { idempotencyKey, ...PAGE_CALL },
        ),
      );
      if (!session.url) throw new PaymentProviderUnavailable(`the payment provider opened page ${session.id} without an address`);
      return { sessionId: session.id, url: session.url };
    },

    readWebhook(rawBody, signature) {
      if (!signature) throw new WebhookRefused('the webhook carries no Stripe-Signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookRefused(`the webhook's signature does not hold: ${(error as Error).message}`, { cause: error });
      }
      return noticeOf(event);
    },

    async closePage(sessionId) {
      try {
        await call(() => stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Paid, expired or unknown to the provider (its 400 or 404): there is nothing left to close.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },

    async refund({ orderId, paymentId, amountCents, idempotencyKey }) {
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: paymentId, amount: amountCents, metadata: { orderId } }, { idempotencyKey }),
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new Error(`the payment provider's refund ${refund.id} of ${paymentId} is ${refund.status}`);
      }
      return { refundId: refund.id, amountCents: refund.amount };
    },

    async ledger(range) {
      const created = createdWithin(range);
      const entries: LedgerEntry[] = [];
      await call(async () => {
        for await (const intent of stripe.paymentIntents.list({ created, limit: 100 })) {
          if (intent.status !== 'succeeded') continue;
          entries.push({
            kind: 'payment',
            paymentId: intent.id,
            orderId: orderIdOf(intent.metadata),
            amountCents: intent.amount_received,
            currency: intent.currency,
            at: timeOf(intent.created),
          });
        }
        for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
          if (refund.status !== 'succeeded') continue;
          entries.push({
            kind: 'refund',
            refundId: refund.id,
            paymentId: idOf(refund.payment_intent) ?? '',
            orderId: orderIdOf(refund.metadata),
            amountCents: refund.amount,
            at: timeOf(refund.created),
          });
        }
      });
      return entries;
    },
  };
}

/**
 * Registers `url` as a webhook endpoint of the provider (docs/payments.md: development hosts, whose local
 * provider learns where the shop listens this way; on Stripe the endpoint is configured in its
 * dashboard), in place of one an earlier instance at the same address left behind, and deletes it
 * again on close. `signsWithOurSecret` says whether the endpoint's
 * signing secret is STRIPE_WEBHOOK_SECRET: if not, none of its webhooks will be accepted.
 */
export async function registerWebhookEndpoint(
  settings: PaymentSettings,
  url: string,
): Promise<{ endpointId: string; signsWithOurSecret: boolean; close(): Promise<void> }> {
  const stripe = stripeClient(settings);
  // An instance that ended without closing left its endpoint behind: each event would come twice.
  await call(async () => {
    for await (const stale of stripe.webhookEndpoints.list({ limit: 100 })) {
      if (stale.url === url) await stripe.webhookEndpoints.del(stale.id);
    }
  });
  const endpoint = await call(() => stripe.webhookEndpoints.create({ url, enabled_events: [PAYMENT_SUCCEEDED, PAYMENT_FAILED] }));
  return {
    endpointId: endpoint.id,
    signsWithOurSecret: endpoint.secret === undefined || endpoint.secret === settings.webhookSecret,
    async close() {
      await call(() => stripe.webhookEndpoints.del(endpoint.id));
    },
  };
}

function stripeClient(settings: PaymentSettings): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: PROVIDER_TIMEOUT_MS,
    maxNetworkRetries: NETWORK_RETRIES,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** A call to the provider, its unavailability (the network, a timeout, its 5xx or 429) told apart from a refusal. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (isUnavailability(error)) {
      throw new PaymentProviderUnavailable(`the payment provider could not be reached: ${(error as Error).message}`, { cause: error });
    }
    throw error;
  }
}

function isUnavailability(error: unknown): boolean {
  const { StripeConnectionError, StripeAPIError, StripeRateLimitError, StripeError } = Stripe.errors;
  if (error instanceof StripeConnectionError || error instanceof StripeAPIError || error instanceof StripeRateLimitError) return true;
  return error instanceof StripeError && (error.statusCode ?? 0) >= 500;
}

/**
 * What one provider event tells the shop. The event is the provider's, signed, yet what it carries
 * goes into the shop's log: an id that is no plain line within the limit, or an amount that is no
 * whole positive number of cents, makes it an event the shop cannot read, and it is ignored.
 */
export function noticeOf(event: Stripe.Event): PaymentNotice {
  const eventId = providerId(event.id);
  const type = String(event.type);
  if (eventId === undefined) return { kind: 'ignored', eventId: String(event.id).slice(0, PAYMENT_LIMITS.providerId), type };
  if (event.type !== PAYMENT_SUCCEEDED && event.type !== PAYMENT_FAILED) return { kind: 'ignored', eventId, type };
  const intent = event.data.object;
  const paymentId = providerId(intent.id);
  if (paymentId === undefined) return { kind: 'ignored', eventId, type };
  const orderId = orderIdOf(intent.metadata);
  if (event.type === PAYMENT_FAILED) {
    return { kind: 'failed', eventId, orderId, paymentId, reason: failureReason(intent.last_payment_error?.message) };
  }
  const amountCents = intent.amount_received;
  if (!Number.isSafeInteger(amountCents) || amountCents < 1) return { kind: 'ignored', eventId, type };
  return { kind: 'succeeded', eventId, orderId, paymentId, amountCents, currency: String(intent.currency).toLowerCase() };
}

/** A provider's id as an event may hold it: one line of plain text, within the limit; undefined otherwise. */
function providerId(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > PAYMENT_LIMITS.providerId || !isPlainText(value)) return undefined;
  return value;
}

/** The order a payment was opened for, as the shop wrote it into the metadata; null when there is none. */
function orderIdOf(metadata: Stripe.Metadata | null | undefined): string | null {
  const orderId = metadata?.orderId;
  return typeof orderId === 'string' && orderId !== '' ? orderId : null;
}

/**
 * The provider's words for a failed payment, as the customer will read them in My Orders: one line
 * of plain text (line breaks and tabs become spaces, every other hidden character goes), cut to
 * the limit; the shop's own words when nothing is left.
 */
export function failureReason(message: unknown): string {
  if (typeof message !== 'string') return PAYMENT_FAILED_REASON;
  let clean = '';
  // By code point: a lone surrogate is one element here, and is dropped like any hidden character.
  for (const character of message.slice(0, PAYMENT_LIMITS.failureReason * 4)) {
    if (isPlainText(character)) clean += character;
    else if (isPlainText(character, true)) clean += ' ';
  }
  const reason = [...clean.replace(/ {2,}/g, ' ').trim()].slice(0, PAYMENT_LIMITS.failureReason).join('').trim();
  return reason === '' ? PAYMENT_FAILED_REASON : reason;
}

function idOf(value: string | { id: string } | null): string | undefined {
  return value === null ? undefined : typeof value === 'string' ? value : value.id;
}

/** Stripe's `created` filter, in whole seconds since the epoch. */
function createdWithin({ from, to }: LedgerRange): Stripe.RangeQueryParam | undefined {
  if (!from && !to) return undefined;
  return {
    ...(from && { gte: Math.floor(from.getTime() / 1000) }),
    ...(to && { lte: Math.floor(to.getTime() / 1000) }),
  };
}

function timeOf(created: number): string {
  return new Date(created * 1000).toISOString();
}
