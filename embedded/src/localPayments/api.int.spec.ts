import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchJson } from '@toolforge/platform/testing';
import { openSession, pay, startTestProvider, stripeAt, type TestProvider } from '../test/localPayments.js';
import { HEALTH } from './controlRoutes.js';
import { LOCAL_PAYMENTS, startLocalPaymentProvider } from './server.js';

/** The local provider's API through the official SDK, as the shop's Stripe adapter calls it. */
let provider: TestProvider;
let stripe: Stripe;
beforeAll(async () => {
  provider = await startTestProvider();
  stripe = provider.stripe;
});
afterAll(() => provider.close());

/** A session paid with the card that pays: its PaymentIntent. */
async function paidIntent(amount = 12_345): Promise<Stripe.PaymentIntent> {
  const session = await openSession(stripe, {
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'ToolForge order' } } }],
  });
  expect((await pay(session.url!, '4242 4242 4242 4242')).status).toBe(303);
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.paymentIntents.retrieve(paid.payment_intent as string);
}

/** What a refused SDK call threw. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Stripe.errors.StripeError)) throw new Error(`expected a StripeError, got ${String(error)}`);
  return error;
}

describe('the local payment provider: Checkout Sessions', () => {
  it('opens a session for an order: its hosted page, total, currency, metadata and return addresses, open and unpaid', async () => {
    const session = await openSession(stripe, {
      line_items: [
        { quantity: 2, price_data: { currency: 'usd', unit_amount: 1_000, product_data: { name: 'Claw hammer' } } },
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 550, product_data: { name: 'Shipping' } } },
      ],
      customer_email: 'customer@toolforge.test',
    });

    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_total: 2_550,
      currency: 'usd',
      metadata: { orderId: 'o-1' },
      client_reference_id: 'o-1',
      customer_email: 'customer@toolforge.test',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      success_url: 'http://localhost:8080/myorders?paid={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/myorders',
      mode: 'payment',
    });
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session.url).toBe(`${provider.url}/pay/${session.id}`);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ id: session.id, amount_total: 2_550, url: session.url });
  });

  it('expires an open session (its page then says so and takes no payment), and refuses to expire it twice', async () => {
    const session = await openSession(stripe);

    const expired = await stripe.checkout.sessions.expire(session.id);

    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null });
    const again = await refusal(stripe.checkout.sessions.expire(session.id));
    expect(again).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    const attempt = await pay(session.url!, '4242424242424242');
    expect(attempt.status).toBe(409);
    expect(attempt.html).toContain('This payment page has expired');
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBeNull();
  });

  it('refuses a session it cannot open, naming the parameter, in Stripe’s shape', async () => {
    const cases: [Partial<Stripe.Checkout.SessionCreateParams>, string][] = [
      [{ line_items: [] }, 'line_items'],
      [{ success_url: 'javascript:alert(1)' }, 'success_url'],
      [
        { line_items: [{ quantity: 0, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } }] },
        'line_items[0][quantity]',
      ],
      [
        { line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: -1, product_data: { name: 'x' } } }] },
        'line_items[0][price_data][unit_amount]',
      ],
      [{ metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata[kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk]'],
      [{ customer_email: 'not an address' }, 'customer_email'],
    ];
    for (const [overrides, param] of cases) {
      const error = await refusal(openSession(stripe, overrides));
      expect(error, param).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param });
    }
  });

  it('answers hostile form bodies with a 4xx, never a 500, and lets no key reach a prototype', async () => {
    const bodies = [
      'mode=payment&__proto__[polluted]=yes&line_items[0][quantity]=1',
      'metadata[__proto__][polluted]=yes',
      'constructor[prototype][polluted]=yes',
      'line_items=1&line_items[0][quantity]=1',
      'line_items[99999][quantity]=1',
      'a[b][c][d][e][f][g]=deep',
      '%ZZ=%',
      `${'x=1&'.repeat(2_001)}`,
      'line_items[0]quantity=1',
    ];
    for (const body of bodies) {
      const response = await fetch(`${provider.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${LOCAL_PAYMENTS.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
      expect(await response.json(), body).toMatchObject({ error: { type: 'invalid_request_error', message: expect.any(String) } });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the local payment provider: the secret key', () => {
  it('refuses a wrong key with 401, repeating only its last four characters', async () => {
    const error = await refusal(stripeAt(provider.url, 'sk_test_someone_elses_key').paymentIntents.list());

    expect(error).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    expect(error.message).toBe('Invalid API Key provided: ********_key');
  });

  it('refuses a request without a key in Stripe’s error shape', async () => {
    const answer = await fetchJson(`${provider.url}/v1/payment_intents`);

    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') },
    });
  });

  it('answers an unknown object 404 resource_missing, and an unknown route 404', async () => {
    const error = await refusal(stripe.paymentIntents.retrieve('pi_nothing'));
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such payment_intent: 'pi_nothing'" });

    const route = await fetchJson(`${provider.url}/v1/charges`, { token: LOCAL_PAYMENTS.secretKey });
    expect(route).toMatchObject({ status: 404, body: { error: { type: 'invalid_request_error' } } });
  });
});

describe('the local payment provider: idempotent requests', () => {
  it('answers a retry under the same key as the first time, saying it is a replay', async () => {
    const first = await openSessionWithKey('retry-1');
    const retry = await openSessionWithKey('retry-1');

    expect(retry.id).toBe(first.id);
    expect(retry.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses the same key with other parameters: idempotency_error', async () => {
    await openSessionWithKey('retry-2');

    const error = await refusal(openSessionWithKey('retry-2', 'o-2'));

    expect(error).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    expect(error.message).toContain('same parameters');
  });

  function openSessionWithKey(idempotencyKey: string, orderId = 'o-1') {
    return stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: `order ${orderId}` } } }],
        success_url: 'http://localhost:8080/myorders',
        metadata: { orderId },
      },
      { idempotencyKey },
    );
  }
});

describe('the local payment provider: refunds', () => {
  it('refunds part, then the rest, then refuses a third: the charge is refunded', async () => {
    const intent = await paidIntent(12_345);

    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 5_000, metadata: { orderId: 'o-1' } });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });

    expect(part).toMatchObject({
      object: 'refund',
      amount: 5_000,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: { orderId: 'o-1' },
    });
    expect(part.id).toMatch(/^re_\w+$/);
    expect(rest).toMatchObject({ amount: 7_345, currency: 'usd' });
    const third = await refusal(stripe.refunds.create({ payment_intent: intent.id }));
    expect(third).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('refuses to refund more than was received, in Stripe’s words', async () => {
    const intent = await paidIntent(12_345);

    const error = await refusal(stripe.refunds.create({ payment_intent: intent.id, amount: 99_999 }));

    expect(error).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
    expect(error.message).toBe('Refund amount ($999.99) is greater than unrefunded amount on charge ($123.45)');
  });

  it('refunds once under one idempotency key however often it is asked', async () => {
    const intent = await paidIntent(2_000);
    const refund = () => stripe.refunds.create({ payment_intent: intent.id, amount: 2_000 }, { idempotencyKey: `refund-${intent.id}` });

    const [first, second] = [await refund(), await refund()];

    expect(second.id).toBe(first.id);
    const refunds = await stripe.refunds.list({ limit: 100 }).autoPagingToArray({ limit: 1_000 });
    expect(refunds.filter((listed) => listed.payment_intent === intent.id)).toHaveLength(1);
  });

  it('refuses a refund of a payment not captured, or of none', async () => {
    const session = await openSession(stripe);
    await pay(session.url!, '4000 0000 0000 0002');
    const declined = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;

    expect(await refusal(stripe.refunds.create({ payment_intent: declined }))).toMatchObject({ statusCode: 400, param: 'payment_intent' });
    expect(await refusal(stripe.refunds.create({ payment_intent: 'pi_nothing' }))).toMatchObject({
      code: 'resource_missing',
      param: 'payment_intent',
    });
  });
});

describe('the local payment provider: lists', () => {
  it('lists PaymentIntents newest first, page by page, and auto-pagination walks more than 100', async () => {
    const own = await startTestProvider();
    try {
      const opened: string[] = [];
      for (let n = 0; n < 103; n++) {
        const session = await openSession(own.stripe);
        await pay(session.url!, '4242424242424242');
        opened.push((await own.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string);
      }

      const all = await own.stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 1_000 });
      expect(all.map((intent) => intent.id)).toEqual([...opened].reverse());

      const first = await own.stripe.paymentIntents.list({ limit: 2 });
      expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/payment_intents' });
      expect(first.data.map((intent) => intent.id)).toEqual([opened[102], opened[101]]);
      const second = await own.stripe.paymentIntents.list({ limit: 2, starting_after: first.data[1]!.id });
      expect(second.data.map((intent) => intent.id)).toEqual([opened[100], opened[99]]);
      const back = await own.stripe.paymentIntents.list({ limit: 2, ending_before: second.data[0]!.id });
      expect(back.data.map((intent) => intent.id)).toEqual([opened[102], opened[101]]);
      const last = await own.stripe.paymentIntents.list({ limit: 2, starting_after: opened[1] });
      expect(last).toMatchObject({ has_more: false, data: [{ id: opened[0] }] });
    } finally {
      await own.close();
    }
  });

  it('filters by when an object was created', async () => {
    const intent = await paidIntent();
    const ids = async (created: Stripe.RangeQueryParam | number) =>
      (await stripe.paymentIntents.list({ created, limit: 100 }).autoPagingToArray({ limit: 1_000 })).map((listed) => listed.id);

    expect(await ids({ gte: intent.created, lte: intent.created })).toContain(intent.id);
    expect(await ids(intent.created)).toContain(intent.id);
    expect(await ids({ gt: intent.created })).not.toContain(intent.id);
    expect(await ids({ lt: intent.created })).not.toContain(intent.id);
  });

  it('refuses a limit out of range and a cursor it does not know', async () => {
    expect(await refusal(stripe.paymentIntents.list({ limit: 101 }))).toMatchObject({ statusCode: 400, param: 'limit' });
    expect(await refusal(stripe.refunds.list({ starting_after: 're_nothing' }))).toMatchObject({ code: 'resource_missing' });
  });
});

describe('the local payment provider: webhook endpoints', () => {
  it('registers an endpoint (telling its signing secret once), lists it and deletes it', async () => {
    const endpoint = await stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/payments/webhook', enabled_events: ['*'] });

    expect(endpoint).toMatchObject({
      object: 'webhook_endpoint',
      url: 'http://127.0.0.1:9/payments/webhook',
      status: 'enabled',
      enabled_events: ['*'],
    });
    expect(endpoint.id).toMatch(/^we_\w+$/);
    expect(endpoint.secret).toBe(LOCAL_PAYMENTS.webhookSecret);
    const listed = (await stripe.webhookEndpoints.list()).data.find((each) => each.id === endpoint.id);
    expect(listed).toBeDefined();
    expect(listed?.secret).toBeUndefined();

    expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
    expect(await refusal(stripe.webhookEndpoints.del(endpoint.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('refuses an endpoint that is no http(s) address', async () => {
    expect(await refusal(stripe.webhookEndpoints.create({ url: 'file:///etc/passwd', enabled_events: ['*'] }))).toMatchObject({
      statusCode: 400,
      param: 'url',
    });
  });
});

describe('the local payment provider: control routes', () => {
  it('answers its health without a key', async () => {
    expect(await fetchJson(`${provider.url}/_local/health`)).toMatchObject({ status: 200, body: HEALTH });
  });

  it('tampers with the amount a PaymentIntent received, as the API then lists it', async () => {
    const intent = await paidIntent(12_345);

    const tampered = await fetchJson(`${provider.url}/_local/payment_intents/${intent.id}/tamper`, {
      method: 'POST',
      body: { amount_received: 12_000 },
    });

    expect(tampered).toMatchObject({ status: 200, body: { id: intent.id, amount_received: 12_000 } });
    expect((await stripe.paymentIntents.retrieve(intent.id)).amount_received).toBe(12_000);
    const listed = await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 1_000 });
    expect(listed.find((each) => each.id === intent.id)?.amount_received).toBe(12_000);
  });

  it('refuses a tampering it cannot make', async () => {
    const intent = await paidIntent();
    const tamper = (id: string, body: unknown) =>
      fetchJson(`${provider.url}/_local/payment_intents/${id}/tamper`, { method: 'POST', body });

    expect((await tamper(intent.id, { amount_received: -1 })).status).toBe(400);
    expect((await tamper(intent.id, { amount_received: '12' })).status).toBe(400);
    expect((await tamper(intent.id, [])).status).toBe(400);
    expect((await tamper('pi_nothing', { amount_received: 1 })).status).toBe(404);
  });
});

describe('the local payment provider with a data dir', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-local-payments-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps its ledger, endpoints and idempotency keys across a restart', async () => {
    const first = await startTestProvider({ dataDir });
    const session = await openSession(first.stripe);
    await pay(session.url!, '4242424242424242');
    const intentId = (await first.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const refund = await first.stripe.refunds.create({ payment_intent: intentId, amount: 45 }, { idempotencyKey: `refund-${intentId}` });
    const endpoint = await first.stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/payments/webhook', enabled_events: ['*'] });
    await first.close();

    const second = await startTestProvider({ dataDir });
    try {
      expect(await second.stripe.paymentIntents.retrieve(intentId)).toMatchObject({ status: 'succeeded', amount_received: 12_345 });
      expect((await second.stripe.refunds.list()).data.map((each) => each.id)).toEqual([refund.id]);
      expect((await second.stripe.webhookEndpoints.list()).data.map((each) => each.id)).toEqual([endpoint.id]);
      const again = await second.stripe.refunds.create({ payment_intent: intentId, amount: 45 }, { idempotencyKey: `refund-${intentId}` });
      expect(again.id).toBe(refund.id);
      expect((await pay(session.url!.replace(first.url, second.url), '4242424242424242')).status).toBe(409);
    } finally {
      await second.close();
    }
  });

  it('refuses to start on a ledger file it cannot read, rather than start empty', async () => {
    const broken = await mkdtemp(join(tmpdir(), 'toolforge-local-payments-'));
    await writeFile(join(broken, 'ledger.json'), JSON.stringify({ something: 'else' }));
    try {
      await expect(startLocalPaymentProvider({ port: 0, dataDir: broken })).rejects.toThrow(
        'is not a ledger of this local payment provider',
      );
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
