import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_EXPIRY,
  ofType,
  openSession,
  pay,
  startTestProvider,
  verified,
  webhookReceiver,
  type Delivery,
  type TestProvider,
  type WebhookReceiver,
} from '../test/localPayments.js';

/** The hosted page as a customer uses it, and the signed webhooks the shop receives after, verified as the shop verifies them. */
const LATE_MS = 1_000;
let provider: TestProvider;
let stripe: Stripe;
beforeAll(async () => {
  provider = await startTestProvider({ lateWebhookMs: LATE_MS, webhookRetryDelaysMs: [50, 100] });
  stripe = provider.stripe;
});
afterAll(() => provider.close());

/** Each test's own receiver, registered as the shop registers its webhook route, and deleted after. */
const registered: { receiver: WebhookReceiver; endpointId: string }[] = [];
async function receiver(options: { status?: (nth: number) => number; events?: string[] } = {}): Promise<WebhookReceiver> {
  const created = await webhookReceiver(options.status);
  const endpoint = await stripe.webhookEndpoints.create({ url: created.url, enabled_events: (options.events ?? ['*']) as ['*'] });
  registered.push({ receiver: created, endpointId: endpoint.id });
  return created;
}
afterEach(async () => {
  for (const { receiver: each, endpointId } of registered.splice(0)) {
    await stripe.webhookEndpoints.del(endpointId);
    await each.close();
  }
});

/** Deliveries about one session or its PaymentIntent (other tests' events reach every endpoint too). */
const about = (ids: (string | null)[]) => (delivery: Delivery) => {
  const object = (JSON.parse(delivery.raw) as { data: { object: { id: string; payment_intent?: string } } }).data.object;
  return ids.includes(object.id) || ids.includes(object.payment_intent ?? null);
};

const sessionNow = (id: string) => stripe.checkout.sessions.retrieve(id);

describe('the hosted page', () => {
  it('is an accessible page that says it is for tests, with the amount, the order and labelled card fields', async () => {
    const session = await openSession(stripe);

    const response = await fetch(session.url!);
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('ToolForge test payments — development only');
    expect(html).toContain('<button type="submit">Pay $123.45</button>');
    expect(html).toContain('ToolForge order o-1');
    for (const [id, label] of [
      ['card', 'Card number'],
      ['expiry', 'Expiry (MM/YY)'],
      ['cvc', 'CVC'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label><input id="${id}" name="${id}" required`);
    }
    expect(html).toContain('<a href="http://localhost:8080/myorders">Return to the shop</a>');
    expect(html).not.toContain('<script');
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[\w+/=]+'; .*frame-ancestors 'none'/,
    );
  });

  it('escapes everything the shop gave it', async () => {
    const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)>&'`;
    const session = await openSession(stripe, {
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: hostile } } }],
      cancel_url: 'http://localhost:8080/myorders?"><script>alert(2)</script>',
      customer_email: '"<b>"@toolforge.test',
    });

    const html = await (await fetch(session.url!)).text();

    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#60;img src=x onerror=alert(1)&#62;&#38;&#39;');
    expect(html).toContain('href="http://localhost:8080/myorders?&#34;&#62;&#60;script&#62;alert(2)&#60;/script&#62;"');
  });

  it('answers a session it does not know with a 404 page', async () => {
    const response = await fetch(`${provider.url}/pay/cs_test_nothing`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('No such payment page');
  });
});

describe('paying with each test card', () => {
  it('4242 4242 4242 4242 pays: 303 to the shop, the PaymentIntent succeeded, then its signed webhooks', async () => {
    const webhooks = await receiver();
    const session = await openSession(stripe);

    const attempt = await pay(session.url!, '4242 4242 4242 4242');

    expect(attempt.status).toBe(303);
    expect(attempt.location).toBe(`http://localhost:8080/myorders?paid=${session.id}`);
    const paid = await sessionNow(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    expect(intent).toMatchObject({
      amount: 12_345,
      amount_received: 12_345,
      currency: 'usd',
      status: 'succeeded',
      metadata: { orderId: 'o-1' },
    });
    expect(intent.latest_charge).toMatch(/^ch_/);

    const [succeeded, completed] = await webhooks.waitFor(2, about([session.id, intent.id]));
    const event = verified(stripe, succeeded!);
    expect(event).toMatchObject({ object: 'event', type: 'payment_intent.succeeded', livemode: false });
    expect(event.id).toMatch(/^evt_/);
    expect((event.data.object as Stripe.PaymentIntent).metadata.orderId).toBe('o-1');
    expect((event.data.object as Stripe.PaymentIntent).amount_received).toBe(12_345);
    expect(verified(stripe, completed!)).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: session.id } } });
  });

  it('signs so that only the provider’s secret verifies, and only the body as sent', async () => {
    const webhooks = await receiver();
    const session = await openSession(stripe);
    await pay(session.url!, '4242424242424242');
    const [delivery] = await webhooks.waitFor(1, about([session.id]));

    expect(delivery!.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => verified(stripe, delivery!, 'whsec_someone_else')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => verified(stripe, { ...delivery!, raw: delivery!.raw.replace('"livemode":false', '"livemode":true') })).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('4000 0000 0000 0002 is declined, then 9995 has insufficient funds, then 4242 pays the same session', async () => {
    const webhooks = await receiver();
    const session = await openSession(stripe);

    const declined = await pay(session.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('<p role="alert" id="problem">Your card was declined.</p>');
    const intentId = (await sessionNow(session.id)).payment_intent as string;
    const [failed] = await webhooks.waitFor(1, about([intentId]));
    expect(verified(stripe, failed!)).toMatchObject({
      type: 'payment_intent.payment_failed',
      data: {
        object: {
          id: intentId,
          status: 'requires_payment_method',
          last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
        },
      },
    });
    expect(await sessionNow(session.id)).toMatchObject({ status: 'open', url: session.url });

    const poor = await pay(session.url!, '4000000000009995');
    expect(poor.status).toBe(402);
    expect(poor.html).toContain('Your card has insufficient funds.');
    const [, short] = await webhooks.waitFor(2, about([intentId]));
    expect(verified(stripe, short!)).toMatchObject({
      type: 'payment_intent.payment_failed',
      data: { object: { last_payment_error: { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } } },
    });

    expect((await pay(session.url!, '4242424242424242')).status).toBe(303);
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({ status: 'succeeded', last_payment_error: null });
    await webhooks.waitFor(1, (delivery) => about([intentId])(delivery) && ofType('payment_intent.succeeded')(delivery));
  });

  it('takes no second payment for a paid session: the page says it is complete', async () => {
    const webhooks = await receiver();
    const session = await openSession(stripe);
    await pay(session.url!, '4242424242424242');
    const ids = about([session.id, (await sessionNow(session.id)).payment_intent as string]);
    await webhooks.waitFor(2, ids);

    const again = await pay(session.url!, '4242424242424242');

    expect(again.status).toBe(409);
    expect(again.html).toContain('This payment is complete');
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('This payment is complete');
    // Another attempt's events would arrive with no delay: a short wait shows none came.
    await new Promise((rest) => setTimeout(rest, 200));
    expect(webhooks.deliveries.filter(ids)).toHaveLength(2);
  });

  it('asks again, with nothing paid or sent, for a number that is no test card or fields it cannot take', async () => {
    const session = await openSession(stripe);

    const cases: [string, { expiry?: string; cvc?: string }, string][] = [
      ['4111 1111 1111 1111', TEST_EXPIRY, 'Your card number is incorrect.'],
      ['', TEST_EXPIRY, 'Your card number is incorrect.'],
      ['4242424242424242', { expiry: '13/30', cvc: '123' }, 'Your card’s expiration date is incomplete.'],
      ['4242424242424242', { expiry: '01/20', cvc: '123' }, 'Your card’s expiration date is in the past.'],
      ['4242424242424242', { expiry: '12/34', cvc: '12' }, 'Your card’s security code is incomplete.'],
    ];
    for (const [card, fields, message] of cases) {
      const attempt = await pay(session.url!, card, fields);
      expect(attempt.status, card).toBe(400);
      expect(attempt.html).toContain(`<p role="alert" id="problem">${message}</p>`);
      expect(attempt.html).toContain('aria-invalid="true"');
    }
    expect(await sessionNow(session.id)).toMatchObject({ status: 'open', payment_intent: null });
  });

  it('4000 0000 0000 0077 pays at once, but its payment_intent.succeeded comes twice, both late', async () => {
    const webhooks = await receiver();
    const session = await openSession(stripe);
    const paidAt = Date.now();

    const attempt = await pay(session.url!, '4000 0000 0000 0077');

    expect(attempt.status).toBe(303);
    expect(Date.now() - paidAt).toBeLessThan(LATE_MS);
    const intentId = (await sessionNow(session.id)).payment_intent as string;
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({ status: 'succeeded' });
    const succeeded = await webhooks.waitFor(2, (delivery) => about([intentId])(delivery) && ofType('payment_intent.succeeded')(delivery));
    const [first, second] = succeeded.map((delivery) => verified(stripe, delivery));
    expect(first!.id).toBe(second!.id);
    for (const delivery of succeeded) expect(delivery.at - paidAt).toBeGreaterThanOrEqual(LATE_MS);
    const [completed] = await webhooks.waitFor(
      1,
      (delivery) => about([session.id])(delivery) && ofType('checkout.session.completed')(delivery),
    );
    expect(completed!.at).toBeLessThan(succeeded[0]!.at);
  });
});

describe('webhook delivery', () => {
  it('tries a delivery again when the endpoint fails it, with the same event', async () => {
    const webhooks = await receiver({ status: (nth) => (nth === 0 ? 500 : 200) });
    const session = await openSession(stripe);
    await pay(session.url!, '4000000000000002');
    const intentId = (await sessionNow(session.id)).payment_intent as string;

    const [failed, retried] = await webhooks.waitFor(2, about([intentId]));

    expect(failed!.status).toBe(500);
    expect(retried!.status).toBe(200);
    expect(verified(stripe, retried!).id).toBe(verified(stripe, failed!).id);
  });

  it('gives a delivery up after its last retry, and logs it', async () => {
    const webhooks = await receiver({ status: () => 503 });
    const session = await openSession(stripe);
    await pay(session.url!, '4000000000000002');
    const intentId = (await sessionNow(session.id)).payment_intent as string;

    await webhooks.waitFor(3, about([intentId]));

    await expect
      .poll(() =>
        provider.logs.lines.filter(
          (line) => line.message === 'webhook delivery given up' && JSON.stringify(line.details).includes(webhooks.url),
        ),
      )
      .toHaveLength(1);
    await new Promise((rest) => setTimeout(rest, 300));
    expect(webhooks.deliveries.filter(about([intentId]))).toHaveLength(3);
  });

  it('sends an endpoint only the events it subscribes to, and a deleted endpoint nothing', async () => {
    const picky = await receiver({ events: ['payment_intent.payment_failed'] });
    const gone = await webhookReceiver();
    const goneEndpoint = await stripe.webhookEndpoints.create({ url: gone.url, enabled_events: ['*'] });
    await stripe.webhookEndpoints.del(goneEndpoint.id);
    const session = await openSession(stripe);

    await pay(session.url!, '4000000000000002');
    await pay(session.url!, '4242424242424242');
    const intentId = (await sessionNow(session.id)).payment_intent as string;

    const [failed] = await picky.waitFor(1, about([intentId]));
    expect(verified(stripe, failed!).type).toBe('payment_intent.payment_failed');
    await new Promise((rest) => setTimeout(rest, 200));
    expect(picky.deliveries.filter(about([session.id, intentId]))).toHaveLength(1);
    expect(gone.deliveries).toHaveLength(0);
    await gone.close();
  });
});
