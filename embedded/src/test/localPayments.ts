import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { Logger } from '@toolforge/platform';
import {
  LOCAL_PAYMENTS,
  startLocalPaymentProvider,
  type LocalPaymentProvider,
  type LocalPaymentProviderOptions,
} from '../localPayments/server.js';

/**
 * The local payment provider's tests drive it as the shop will: through the official stripe SDK,
 * a browser's form posts to its hosted page, and a small HTTP server of the test that receives its
 * webhooks as sent (the raw body and its signature header).
 */

export const TEST_EXPIRY = { expiry: '12/34', cvc: '123' } as const;

/** What the provider logged, to assert a given-up delivery without printing it. */
export interface RecordedLogs extends Logger {
  readonly lines: { level: 'info' | 'warn' | 'error'; message: string; details: object }[];
}

export function recordedLogs(): RecordedLogs {
  const lines: RecordedLogs['lines'] = [];
  const at = (level: 'info' | 'warn' | 'error') => (details: object, message: string) => void lines.push({ level, message, details });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

export interface TestProvider extends LocalPaymentProvider {
  readonly stripe: Stripe;
  readonly logs: RecordedLogs;
}

/** A provider of the test's own on a free port, and an SDK client pointed at it (no retries: each call is seen once). */
export async function startTestProvider(options: LocalPaymentProviderOptions = {}): Promise<TestProvider> {
  const logs = recordedLogs();
  const provider = await startLocalPaymentProvider({ port: 0, logger: logs, ...options });
  return { ...provider, logs, stripe: stripeAt(provider.url) };
}

export function stripeAt(url: string, secretKey: string = LOCAL_PAYMENTS.secretKey): Stripe {
  const { hostname, port, protocol } = new URL(url);
  return new Stripe(secretKey, {
    host: hostname,
    port: Number(port),
    protocol: protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  });
}

/** A session as the shop opens one for an order: its total as one line, the order's id in the metadata. */
export function openSession(stripe: Stripe, overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 12_345, product_data: { name: 'ToolForge order o-1' } } }],
    success_url: 'http://localhost:8080/myorders?paid={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:8080/myorders',
    client_reference_id: 'o-1',
    metadata: { orderId: 'o-1' },
    payment_intent_data: { metadata: { orderId: 'o-1' } },
    ...overrides,
  });
}

/** The hosted page's form, sent as a browser sends it; the redirect is not followed. */
export async function pay(pageUrl: string, card: string, fields: { expiry?: string; cvc?: string } = TEST_EXPIRY) {
  const response = await fetch(pageUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, expiry: fields.expiry ?? '', cvc: fields.cvc ?? '' }).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

export interface Delivery {
  readonly raw: string;
  readonly headers: IncomingHttpHeaders;
  readonly at: number;
  /** What the test's server answered it. */
  readonly status: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly deliveries: Delivery[];
  /** Resolves once `count` deliveries match, within `timeoutMs`; throws with what arrived otherwise. */
  waitFor(count: number, match?: (delivery: Delivery) => boolean, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

/** The shop's webhook route, stood in for: it keeps each delivery and answers `status(n)` to the n-th (200 unless told). */
export async function webhookReceiver(status: (nth: number) => number = () => 200): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = status(deliveries.length);
      deliveries.push({ raw: Buffer.concat(chunks).toString('utf8'), headers: request.headers, at: Date.now(), status: answer });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/payments/webhook`,
    deliveries,
    async waitFor(count, match = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = deliveries.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(`${found.length} of ${count} deliveries arrived: ${JSON.stringify(deliveries.map((delivery) => delivery.raw))}`);
        }
        await new Promise((rest) => setTimeout(rest, 25));
      }
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

/** A delivery's event, verified as the shop verifies one. */
export function verified(stripe: Stripe, delivery: Delivery, secret: string = LOCAL_PAYMENTS.webhookSecret): Stripe.Event {
  return stripe.webhooks.constructEvent(delivery.raw, delivery.headers['stripe-signature'] as string, secret);
}

export const ofType = (type: string) => (delivery: Delivery) => (JSON.parse(delivery.raw) as { type: string }).type === type;
