import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_LIMITS } from '@toolforge/contracts';
import type { PaymentSettings } from '../config.js';
import { PaymentProviderUnavailable, WebhookRefused } from './paymentProvider.js';
import {
  PAYMENT_FAILED_REASON,
  STRIPE_API_VERSION,
  failureReason,
  registerWebhookEndpoint,
  stripePaymentProvider,
} from './stripeProvider.js';

/** A request the stand-in for the provider's API received: its form body read flat (Stripe's bracketed keys). */
interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
}

type Answer = { status?: number; body: unknown };

/**
 * A stand-in for Stripe's API on a local port: what the SDK sends is recorded, and each path answers
 * what the test says. The SDK itself, with the adapter's settings, is what is tested.
 */
function fakeProvider() {
  const received: Received[] = [];
  let answer: (request: Received) => Answer = () => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', message: 'no route' } },
  });
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const entry: Received = {
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(text)),
        headers: request.headers,
      };
      received.push(entry);
      const { status = 200, body } = answer(entry);
      // A refusal is final: the SDK's own retries would only slow the test down.
      response.writeHead(status, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
      response.end(JSON.stringify(body));
    });
  });
  return {
    received,
    answer: (by: (request: Received) => Answer) => (answer = by),
    start: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const WEBHOOK_SECRET = 'whsec_unit_test_secret';
const settingsAt = (port: number): PaymentSettings => ({
  secretKey: 'sk_test_unit',
  webhookSecret: WEBHOOK_SECRET,
  apiBase: new URL(`http://127.0.0.1:${port}`),
  currency: 'usd',
  shopUrl: undefined,
});

/** A provider event as Stripe posts it, signed (or not) as the test says. */
function webhook(event: object, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { raw: Buffer.from(payload, 'utf8'), signature };
}

function paymentIntentEvent(type: string, intent: object, id = 'evt_1') {
  return { id, object: 'event', type, created: 1_790_000_000, data: { object: { object: 'payment_intent', ...intent } } };
}

describe('the Stripe adapter, through the official SDK', () => {
  const api = fakeProvider();
  let settings: PaymentSettings;
  beforeAll(async () => {
    settings = settingsAt(await api.start());
  });
  afterAll(() => api.stop());
  afterEach(() => {
    api.received.length = 0;
  });

  describe('startPayment', () => {
    it('opens a Checkout Session of one line for the order’s total, under its idempotency key, at STRIPE_API_BASE', async () => {
      api.answer(() => ({ body: { id: 'cs_test_1', object: 'checkout.session', url: 'http://127.0.0.1:12111/pay/cs_test_1' } }));
      const page = await stripePaymentProvider(settings).startPayment({
        orderId: 'order-1',
        amountCents: 155_00,
        currency: 'usd',
        description: 'ToolForge order order-1',
        customerEmail: 'ada@example.com',
        successUrl: 'http://localhost:8180/myorders?paid=order-1',
        cancelUrl: 'http://localhost:8180/myorders',
        idempotencyKey: 'page-order-1',
      });
      expect(page).toEqual({ sessionId: 'cs_test_1', url: 'http://127.0.0.1:12111/pay/cs_test_1' });
      const [request] = api.received;
      expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
      expect(request!.form).toEqual({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '15500',
        'line_items[0][price_data][product_data][name]': 'ToolForge order order-1',
        'line_items[0][quantity]': '1',
        success_url: 'http://localhost:8180/myorders?paid=order-1',
        cancel_url: 'http://localhost:8180/myorders',
        client_reference_id: 'order-1',
        'metadata[orderId]': 'order-1',
        'payment_intent_data[metadata][orderId]': 'order-1',
        customer_email: 'ada@example.com',
      });
      expect(request!.headers).toMatchObject({
        authorization: 'Bearer sk_test_unit',
        'idempotency-key': 'page-order-1',
        'stripe-version': STRIPE_API_VERSION,
      });
    });

    it('is unavailable when the provider answers 5xx or 429, or cannot be reached; a refusal is passed on as it is', async () => {
      const request = {
        orderId: 'order-2',
        amountCents: 100,
        currency: 'usd',
        description: 'ToolForge order order-2',
        successUrl: 'http://localhost:8180/myorders?paid=order-2',
        cancelUrl: 'http://localhost:8180/myorders',
      };
      for (const status of [500, 503, 429]) {
        api.answer(() => ({ status, body: { error: { type: 'api_error', message: 'down' } } }));
        await expect(stripePaymentProvider(settings).startPayment(request)).rejects.toBeInstanceOf(PaymentProviderUnavailable);
      }
      api.answer(() => ({ status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid currency' } } }));
      const refused = stripePaymentProvider(settings).startPayment(request);
      await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

      const closed = fakeProvider();
      const port = await closed.start();
      await closed.stop();
      await expect(stripePaymentProvider(settingsAt(port)).startPayment(request)).rejects.toBeInstanceOf(PaymentProviderUnavailable);
    }, 20_000);
  });

  describe('readWebhook', () => {
    const provider = () => stripePaymentProvider(settings);

    it('reads a signed payment_intent.succeeded as the order’s payment, of the amount received', () => {
      const { raw, signature } = webhook(
        paymentIntentEvent('payment_intent.succeeded', {
          id: 'pi_1',
          amount: 155_00,
          amount_received: 155_00,
          currency: 'usd',
          metadata: { orderId: 'order-1' },
        }),
      );
      expect(provider().readWebhook(raw, signature)).toEqual({
        kind: 'succeeded',
        eventId: 'evt_1',
        orderId: 'order-1',
        paymentId: 'pi_1',
        amountCents: 155_00,
        currency: 'usd',
      });
    });

    it('reads a payment_intent.payment_failed with the provider’s reason, or the shop’s words when it gave none', () => {
      const failed = (lastError: object | null) =>
        webhook(
          paymentIntentEvent('payment_intent.payment_failed', {
            id: 'pi_2',
            metadata: { orderId: 'order-2' },
            last_payment_error: lastError,
          }),
        );
      const declined = failed({ message: 'Your card was declined.' });
      expect(provider().readWebhook(declined.raw, declined.signature)).toEqual({
        kind: 'failed',
        eventId: 'evt_1',
        orderId: 'order-2',
        paymentId: 'pi_2',
        reason: 'Your card was declined.',
      });
      const silent = failed(null);
      expect(provider().readWebhook(silent.raw, silent.signature)).toMatchObject({ kind: 'failed', reason: PAYMENT_FAILED_REASON });
    });

    it('says null for a payment that names no order (not one of the shop’s)', () => {
      const { raw, signature } = webhook(
        paymentIntentEvent('payment_intent.succeeded', { id: 'pi_3', amount_received: 500, currency: 'usd', metadata: {} }),
      );
      expect(provider().readWebhook(raw, signature)).toMatchObject({ kind: 'succeeded', orderId: null });
    });

    it('ignores every other event, and one whose ids or amount no event of the shop could hold', () => {
      const other = webhook({ id: 'evt_9', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } });
      expect(provider().readWebhook(other.raw, other.signature)).toEqual({
        kind: 'ignored',
        eventId: 'evt_9',
        type: 'checkout.session.completed',
      });
      const longId = webhook(
        paymentIntentEvent('payment_intent.succeeded', { id: 'pi_'.padEnd(PAYMENT_LIMITS.providerId + 1, 'x'), amount_received: 5 }),
      );
      expect(provider().readWebhook(longId.raw, longId.signature)).toMatchObject({ kind: 'ignored' });
      const hiddenId = webhook(paymentIntentEvent('payment_intent.succeeded', { id: 'pi_\u0000', amount_received: 5 }));
      expect(provider().readWebhook(hiddenId.raw, hiddenId.signature)).toMatchObject({ kind: 'ignored' });
      for (const amount of [0, -5, 1.5, '500']) {
        const odd = webhook(paymentIntentEvent('payment_intent.succeeded', { id: 'pi_4', amount_received: amount, currency: 'usd' }));
        expect(provider().readWebhook(odd.raw, odd.signature)).toMatchObject({ kind: 'ignored' });
      }
    });

    it('refuses a webhook without a signature, signed with another secret, too old, or whose body was changed', () => {
      const event = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_1', amount_received: 100, metadata: { orderId: 'o' } });
      const good = webhook(event);
      expect(() => provider().readWebhook(good.raw, undefined)).toThrow(WebhookRefused);
      expect(() => provider().readWebhook(good.raw, '')).toThrow(WebhookRefused);
      expect(() => provider().readWebhook(good.raw, 'garbage')).toThrow(WebhookRefused);
      const forged = webhook(event, { secret: 'whsec_someone_else' });
      expect(() => provider().readWebhook(forged.raw, forged.signature)).toThrow(WebhookRefused);
      const stale = webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
      expect(() => provider().readWebhook(stale.raw, stale.signature)).toThrow(WebhookRefused);
      const tampered = Buffer.from(good.raw.toString('utf8').replace('"amount_received":100', '"amount_received":1'), 'utf8');
      expect(() => provider().readWebhook(tampered, good.signature)).toThrow(WebhookRefused);
    });
  });

  describe('failureReason', () => {
    it('keeps the provider’s words as one line of plain text within the limit', () => {
      expect(failureReason('Your card has insufficient funds.')).toBe('Your card has insufficient funds.');
      expect(failureReason('Declined\r\n\tby\u0000 the\u202E bank\uD800')).toBe('Declined by the bank');
      expect([...failureReason('é'.repeat(PAYMENT_LIMITS.failureReason + 50))]).toHaveLength(PAYMENT_LIMITS.failureReason);
      expect(failureReason('\u0000\u0007  ')).toBe(PAYMENT_FAILED_REASON);
      expect(failureReason(42)).toBe(PAYMENT_FAILED_REASON);
    });
  });

  describe('refund', () => {
    it('refunds the payment in full under its idempotency key, naming the order', async () => {
      api.answer(() => ({ body: { id: 're_1', object: 'refund', amount: 155_00, status: 'succeeded', payment_intent: 'pi_1' } }));
      const refund = await stripePaymentProvider(settings).refund({
        orderId: 'order-1',
        paymentId: 'pi_1',
        amountCents: 155_00,
        idempotencyKey: 'refund-pi_1',
      });
      expect(refund).toEqual({ refundId: 're_1', amountCents: 155_00 });
      expect(api.received[0]).toMatchObject({
        method: 'POST',
        path: '/v1/refunds',
        form: { payment_intent: 'pi_1', amount: '15500', 'metadata[orderId]': 'order-1' },
        headers: { 'idempotency-key': 'refund-pi_1' },
      });
    });

    it('fails a refund the provider says failed: it stays owed', async () => {
      api.answer(() => ({ body: { id: 're_2', object: 'refund', amount: 100, status: 'failed', payment_intent: 'pi_2' } }));
      await expect(
        stripePaymentProvider(settings).refund({ orderId: 'o', paymentId: 'pi_2', amountCents: 100, idempotencyKey: 'refund-pi_2' }),
      ).rejects.toThrow(/failed/);
    });
  });

  describe('closePage', () => {
    it('expires an open Checkout Session; one the provider will not expire (paid, expired, unknown) is closed already', async () => {
      api.answer((request) =>
        request.path === '/v1/checkout/sessions/cs_open/expire'
          ? { body: { id: 'cs_open', object: 'checkout.session', status: 'expired' } }
          : {
              status: 400,
              body: {
                error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status in ["open"] can be expired.' },
              },
            },
      );
      const provider = stripePaymentProvider(settings);
      await provider.closePage('cs_open');
      await provider.closePage('cs_paid');
      expect(api.received.map(({ method, path }) => `${method} ${path}`)).toEqual([
        'POST /v1/checkout/sessions/cs_open/expire',
        'POST /v1/checkout/sessions/cs_paid/expire',
      ]);
    });

    it('is unavailable when the provider cannot answer: the page is left to expire at the provider', async () => {
      api.answer(() => ({ status: 503, body: { error: { type: 'api_error', message: 'down' } } }));
      await expect(stripePaymentProvider(settings).closePage('cs_open')).rejects.toBeInstanceOf(PaymentProviderUnavailable);
    });
  });

  describe('ledger', () => {
    it('lists the payments captured and the refunds made within the range, page after page', async () => {
      const from = new Date('2026-11-01T00:00:00Z');
      const to = new Date('2026-11-02T00:00:00Z');
      const created = Math.floor(from.getTime() / 1000) + 60;
      api.answer((request) => {
        if (request.path === '/v1/payment_intents') {
          const second = request.query.starting_after === 'pi_b';
          const intents = second
            ? [{ id: 'pi_c', status: 'succeeded', amount_received: 300, currency: 'usd', created, metadata: {} }]
            : [
                { id: 'pi_a', status: 'succeeded', amount_received: 100, currency: 'usd', created, metadata: { orderId: 'o-a' } },
                {
                  id: 'pi_b',
                  status: 'requires_payment_method',
                  amount_received: 0,
                  currency: 'usd',
                  created,
                  metadata: { orderId: 'o-b' },
                },
              ];
          return {
            body: {
              object: 'list',
              url: '/v1/payment_intents',
              has_more: !second,
              data: intents.map((intent) => ({ object: 'payment_intent', ...intent })),
            },
          };
        }
        return {
          body: {
            object: 'list',
            url: '/v1/refunds',
            has_more: false,
            data: [
              {
                id: 're_a',
                object: 'refund',
                status: 'succeeded',
                amount: 100,
                payment_intent: 'pi_a',
                created,
                metadata: { orderId: 'o-a' },
              },
              { id: 're_x', object: 'refund', status: 'failed', amount: 300, payment_intent: 'pi_c', created, metadata: {} },
            ],
          },
        };
      });
      const entries = await stripePaymentProvider(settings).ledger({ from, to });
      const at = new Date(created * 1000).toISOString();
      expect(entries).toEqual([
        { kind: 'payment', paymentId: 'pi_a', orderId: 'o-a', amountCents: 100, currency: 'usd', at },
        { kind: 'payment', paymentId: 'pi_c', orderId: null, amountCents: 300, currency: 'usd', at },
        { kind: 'refund', refundId: 're_a', paymentId: 'pi_a', orderId: 'o-a', amountCents: 100, at },
      ]);
      const [firstPage] = api.received;
      expect(firstPage!.query).toMatchObject({
        'created[gte]': String(from.getTime() / 1000),
        'created[lte]': String(to.getTime() / 1000),
        limit: '100',
      });
    });
  });

  describe('registerWebhookEndpoint', () => {
    it('registers the shop’s webhook address for the events it reads, in place of one left behind, and deletes it on close', async () => {
      const url = 'http://127.0.0.1:5300/payments/webhook';
      api.answer((request) => {
        if (request.method === 'DELETE') return { body: { id: request.path.split('/').at(-1), object: 'webhook_endpoint', deleted: true } };
        if (request.method === 'GET') {
          const endpoints = [
            { id: 'we_stale', object: 'webhook_endpoint', url },
            { id: 'we_other_shop', object: 'webhook_endpoint', url: 'http://127.0.0.1:5200/payments/webhook' },
          ];
          return { body: { object: 'list', url: '/v1/webhook_endpoints', has_more: false, data: endpoints } };
        }
        return { body: { id: 'we_1', object: 'webhook_endpoint', url: request.form.url, secret: WEBHOOK_SECRET } };
      });
      const endpoint = await registerWebhookEndpoint(settings, url);
      expect(endpoint).toMatchObject({ endpointId: 'we_1', signsWithOurSecret: true });
      expect(api.received.map((request) => `${request.method} ${request.path}`)).toEqual([
        'GET /v1/webhook_endpoints',
        'DELETE /v1/webhook_endpoints/we_stale',
        'POST /v1/webhook_endpoints',
      ]);
      expect(api.received[2]!.form).toEqual({
        url,
        'enabled_events[0]': 'payment_intent.succeeded',
        'enabled_events[1]': 'payment_intent.payment_failed',
      });
      await endpoint.close();
      expect(api.received[3]).toMatchObject({ method: 'DELETE', path: '/v1/webhook_endpoints/we_1' });
    });

    it('says when the provider signs the endpoint with another secret', async () => {
      api.answer((request) =>
        request.method === 'GET'
          ? { body: { object: 'list', url: '/v1/webhook_endpoints', has_more: false, data: [] } }
          : { body: { id: 'we_2', object: 'webhook_endpoint', url: 'x', secret: 'whsec_other' } },
      );
      expect(await registerWebhookEndpoint(settings, 'http://127.0.0.1:5300/payments/webhook')).toMatchObject({
        signsWithOurSecret: false,
      });
    });
  });
});
