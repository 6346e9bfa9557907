import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StripeApiError, invalidRequest } from './errors.js';
import { parseForm } from './formEncoding.js';
import type { IdempotencyKeys } from './idempotency.js';
import type { LocalLedger, NewCheckoutSession } from './ledger.js';
import { listPage } from './listing.js';
import { newId } from './objects.js';
import { MAX_AMOUNT, Params } from './params.js';

export interface ApiDeps {
  ledger: LocalLedger;
  idempotency: IdempotencyKeys;
  /** The one API key the provider takes (Authorization: Bearer …). */
  secretKey: string;
  /** The signing secret of every endpoint: told to whoever registers one, as Stripe does. */
  webhookSecret: string;
}

type WithId = { Params: { id: string } };

/**
 * The subset of Stripe's API the shop uses (docs/payments.md#its-api), at Stripe's paths, with
 * Stripe's encoding, objects and errors, so that the official SDK talks to it unchanged: Checkout
 * Sessions, PaymentIntents (read only: the hosted page moves them), refunds and webhook endpoints.
 * Every request needs the secret key; every POST honours Idempotency-Key.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function apiRoutes(api: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { ledger } = deps;
  // Stripe's API reads form-encoded bodies only; kept as text, so that an idempotent retry is compared as sent.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  api.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', newId('req'));
    const version = request.headers['stripe-version'];
    if (typeof version === 'string' && /^[\w.-]{1,40}$/.test(version)) reply.header('stripe-version', version);
    authenticate(request, deps.secretKey);
  });
  deps.idempotency.register(api);

  api.post('/v1/checkout/sessions', (request) => ledger.createSession(newCheckoutSession(paramsOf(request))));
  api.get<WithId>('/v1/checkout/sessions/:id', (request) => ledger.session(request.params.id));
  api.post<WithId>('/v1/checkout/sessions/:id/expire', (request) => ledger.expireSession(request.params.id));

  api.get('/v1/payment_intents', (request) =>
    listPage(ledger.paymentIntentsNewestFirst(), paramsOf(request), 'payment_intent', '/v1/payment_intents'),
  );
  api.get<WithId>('/v1/payment_intents/:id', (request) => ledger.paymentIntent(request.params.id));

  api.post('/v1/refunds', (request) => {
    const params = paramsOf(request);
    return ledger.refund({
      paymentIntent: params.text('payment_intent', { required: true, max: 255 }),
      amount: params.integer('amount', { min: 1, max: MAX_AMOUNT }),
      metadata: params.metadata(),
    });
  });
  api.get('/v1/refunds', (request) => listPage(ledger.refundsNewestFirst(), paramsOf(request), 'refund', '/v1/refunds'));

  api.post('/v1/webhook_endpoints', (request) => {
    const params = paramsOf(request);
    const header = request.headers['stripe-version'];
    const endpoint = ledger.addWebhookEndpoint({
      url: params.url('url', { required: true }),
      enabledEvents: params.texts('enabled_events'),
      apiVersion: params.text('api_version', { max: 40 }) ?? (typeof header === 'string' ? header.slice(0, 40) : null),
      metadata: params.metadata(),
    });
    // As on Stripe, the signing secret is told once, when the endpoint is made.
    return { ...endpoint, secret: deps.webhookSecret };
  });
  api.get('/v1/webhook_endpoints', (request) =>
    listPage(ledger.webhookEndpointsNewestFirst(), paramsOf(request), 'webhook_endpoint', '/v1/webhook_endpoints'),
  );
  api.delete<WithId>('/v1/webhook_endpoints/:id', (request) => {
    ledger.removeWebhookEndpoint(request.params.id);
    return { id: request.params.id, object: 'webhook_endpoint', deleted: true };
  });
}

/** The secret key, as the SDK sends it (Bearer) or as curl's `-u sk_…:` does (Basic); 401 in Stripe's words otherwise. */
function authenticate(request: FastifyRequest, secretKey: string): void {
  const header = request.headers.authorization ?? '';
  const [scheme = '', credentials = ''] = header.split(' ', 2);
  let key = '';
  if (/^bearer$/i.test(scheme)) key = credentials.trim();
  else if (/^basic$/i.test(scheme)) key = Buffer.from(credentials, 'base64').toString('utf8').split(':')[0] ?? '';
  if (key === '') {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const digest = (text: string) => createHash('sha256').update(text).digest();
  if (!timingSafeEqual(digest(key), digest(secretKey))) {
    // Only the key's last four characters are repeated, as Stripe does.
    throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${'*'.repeat(8)}${key.slice(-4)}`, {
      code: 'api_key_invalid',
    });
  }
}

/** A GET's parameters from its query string, a POST's from its body. */
function paramsOf(request: FastifyRequest): Params {
  if (request.method === 'GET' || request.method === 'DELETE') {
    const query = request.url.indexOf('?');
    return new Params(parseForm(query < 0 ? '' : request.url.slice(query + 1)));
  }
  return new Params(parseForm(typeof request.body === 'string' ? request.body : ''));
}

/** A Checkout Session in payment mode over line items with inline prices, as the shop opens one for an order's total. */
function newCheckoutSession(params: Params): NewCheckoutSession {
  params.choice('mode', ['payment'], { required: true });
  const items = params.objects('line_items');
  if (items.length === 0) throw invalidRequest('Missing required param: line_items.', 'line_items', 'parameter_missing');
  const lineItems = items.map((item) => {
    if (!item.has('price_data')) throw invalidRequest('This local provider takes line items with price_data only.', 'line_items');
    const price = item.object('price_data');
    return {
      currency: currencyOf(price),
      unitAmount: price.integer('unit_amount', { required: true, min: 0, max: MAX_AMOUNT }),
      name: price.object('product_data').text('name', { required: true, max: 250 }),
      quantity: item.integer('quantity', { required: true, min: 1, max: 999_999 }),
    };
  });
  const currency = lineItems[0]!.currency;
  if (lineItems.some((item) => item.currency !== currency))
    throw invalidRequest('All line items must have the same currency.', 'line_items');
  const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (total < 1) throw invalidRequest('The Checkout Session’s total amount due must be greater than 0.', 'line_items');
  if (total > MAX_AMOUNT) throw invalidRequest(`The total amount due may be at most ${MAX_AMOUNT}.`, 'line_items', 'amount_too_large');
  const customerEmail = params.text('customer_email', { max: 512 }) ?? null;
  if (customerEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(customerEmail)) {
    throw invalidRequest(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
  }
  const intentData = params.object('payment_intent_data');
  return {
    lineItems: lineItems.map(({ name, unitAmount, quantity }) => ({ name, unitAmount, quantity })),
    currency,
    successUrl: params.url('success_url', { required: true }),
    cancelUrl: params.url('cancel_url') ?? null,
    clientReferenceId: params.text('client_reference_id', { max: 200 }) ?? null,
    customerEmail,
    metadata: params.metadata(),
    paymentIntentData: { metadata: intentData.metadata(), description: intentData.text('description', { max: 1_000 }) ?? null },
  };
}

function currencyOf(price: Params): string {
  const currency = price.text('currency', { required: true, max: 3 }).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, 'currency');
  return currency;
}
