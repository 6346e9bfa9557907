import { createServer } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, paymentMessages, totalCostCents, type ApiError } from '@toolforge/contracts';
import type { PaymentSettings } from '@toolforge/platform';
import { stripePaymentProvider } from '@toolforge/platform/payments';
import { orderOf, startCommandService, useShop, type CommandHarness, type SignedIn } from '../test/harness.js';

/**
 * The webhook and the payment routes on a command service whose provider is the Stripe adapter,
 * its webhooks signed as Stripe signs them (the SDK's own test header) and its API out of reach:
 * every page the shop tries to open fails, as when the provider is down. The whole flow through the
 * local provider is embedded/src/payments.int.spec.ts.
 */

const WEBHOOK_SECRET = 'whsec_command_service_webhook_test';

/** A port nothing listens on: every call to the provider's API is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise<void>((closed) => server.close(() => closed()));
  return port;
}

interface IntentEvent {
  eventId?: string;
  paymentId?: string;
  amountCents?: number;
  currency?: string;
  reason?: string;
}

function paymentEvent(
  type: string,
  orderId: string | null,
  { eventId, paymentId = `pi_${orderId}`, amountCents, currency = 'usd', reason }: IntentEvent,
) {
  return {
    id: eventId ?? `evt_${type}_${orderId}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: paymentId,
        object: 'payment_intent',
        amount: amountCents ?? 0,
        amount_received: type === 'payment_intent.succeeded' ? amountCents : 0,
        currency,
        metadata: orderId === null ? {} : { orderId },
        last_payment_error: reason === undefined ? null : { message: reason },
      },
    },
  };
}

describe('card payments on the command side', () => {
  let shop: CommandHarness;
  let admin: SignedIn;
  let customer: SignedIn;
  let other: SignedIn;
  let productId: string;
  beforeAll(async () => {
    const settings: PaymentSettings = {
      secretKey: 'sk_test_out_of_reach',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: new URL(`http://127.0.0.1:${await closedPort()}`),
      currency: 'usd',
      shopUrl: undefined,
    };
    shop = await startCommandService({
      payments: { provider: stripePaymentProvider(settings), settings, webOrigins: ['http://localhost:8180'] },
    });
    admin = await shop.admin();
    customer = await shop.customer('Card Customer');
    other = await shop.customer('Other Customer');
    productId = await shop.addProduct(admin);
  });
  afterAll(() => shop.close());

  /**
   * An order of 5 of a new product (50.00, and the order's surcharge and shipping) by `by`: its id
   * and total in cents. A product of its own: a customer's unpaid orders may hold only half of one's stock.
   */
  const newOrder = async (by: SignedIn = customer) => {
    const product = await shop.addProduct(admin);
    return { orderId: await shop.placeOrder(by, product, 5), total: totalCostCents(10_00, 5) };
  };

  /** POST /payments/webhook as the provider sends it: the body as bytes, signed unless told otherwise. */
  const postWebhook = (
    event: object,
    { signature, contentType = 'application/json; charset=utf-8' }: { signature?: string | null; contentType?: string } = {},
  ) => {
    const payload = JSON.stringify(event);
    const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) : signature;
    return shop.send({
      method: 'POST',
      url: '/payments/webhook',
      payload,
      headers: { 'content-type': contentType, ...(header === null ? {} : { 'stripe-signature': header }) },
    });
  };
  const succeeded = (orderId: string | null, event: IntentEvent) => paymentEvent('payment_intent.succeeded', orderId, event);
  const failed = (orderId: string, event: IntentEvent) => paymentEvent('payment_intent.payment_failed', orderId, event);

  /** Sends `request`, expects 200 {received: true}, and answers how many events it appended. */
  async function received(request: () => Promise<{ statusCode: number; json<T>(): T }>) {
    const before = await shop.eventCount();
    const response = await request();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    return (await shop.eventCount()) - before;
  }

  /** Sends `request` and expects it refused with `status` and `message`, appending nothing. */
  async function expectRefused(request: () => Promise<{ statusCode: number; json<T>(): T }>, status: number, message: string) {
    const before = await shop.eventCount();
    const response = await request();
    expect(response.statusCode).toBe(status);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: status, message });
    expect(await shop.eventCount()).toBe(before);
  }

  describe('POST /payments/webhook', () => {
    it('pays a pending order of exactly its total: OrderPaid by card, by the shop, naming the payment and the provider’s event', async () => {
      const { orderId, total } = await newOrder();
      expect(
        await received(() => postWebhook(succeeded(orderId, { eventId: 'evt_pay_1', paymentId: 'pi_pay_1', amountCents: total }))),
      ).toBe(2);
      const [, paid, invoice] = await shop.eventsOf(orderId);
      expect(paid).toMatchObject({
        type: 'OrderPaid',
        data: { orderId, payment: { method: 'card', paymentId: 'pi_pay_1', amountCents: total, providerEventId: 'evt_pay_1' } },
        meta: { actor: null },
      });
      // Its invoice follows in the same append, naming the provider's payment.
      expect(invoice).toMatchObject({
        type: 'InvoiceIssued',
        data: { orderId, totalCents: total, payment: { method: 'card', reference: 'pi_pay_1' } },
        meta: { actor: null, occurredAt: paid!.meta.occurredAt },
      });
    });

    it('applies an event delivered again once, and the same payment reported by another event once', async () => {
      const { orderId, total } = await newOrder();
      const event = succeeded(orderId, { eventId: 'evt_twice', paymentId: 'pi_twice', amountCents: total });
      expect(await received(() => postWebhook(event))).toBe(2);
      expect(await received(() => postWebhook(event))).toBe(0);
      expect(await received(() => postWebhook({ ...event, id: 'evt_twice_again' }))).toBe(0);
      // Both at once, as a provider retrying a slow answer sends them.
      const again = succeeded(orderId, { eventId: 'evt_twice', paymentId: 'pi_twice', amountCents: total });
      await Promise.all([postWebhook(again), postWebhook(again)]);
      expect((await shop.eventsOf(orderId)).map((stored) => stored.type)).toEqual(['OrderPlaced', 'OrderPaid', 'InvoiceIssued']);
    });

    it('records a failed attempt with the provider’s words, leaves the order pending, and takes the payment that follows', async () => {
      const { orderId, total } = await newOrder();
      const declined = failed(orderId, { eventId: 'evt_declined', paymentId: 'pi_try', reason: 'Your card was declined.' });
      expect(await received(() => postWebhook(declined))).toBe(1);
      expect((await shop.eventsOf(orderId)).at(-1)).toMatchObject({
        type: 'OrderPaymentFailed',
        data: { orderId, paymentId: 'pi_try', reason: 'Your card was declined.', providerEventId: 'evt_declined' },
        meta: { actor: null },
      });
      // Hostile words from the provider are cleaned before they reach the log.
      const odd = failed(orderId, { eventId: 'evt_odd', paymentId: 'pi_try', reason: 'Declined\u0000\n by\u202E bank' });
      expect(await received(() => postWebhook(odd))).toBe(1);
      expect((await shop.eventsOf(orderId)).at(-1)).toMatchObject({ data: { reason: 'Declined by bank' } });
      expect(
        await received(() => postWebhook(succeeded(orderId, { eventId: 'evt_paid_after', paymentId: 'pi_try', amountCents: total }))),
      ).toBe(2);
      expect((await shop.eventsOf(orderId)).map((stored) => stored.type)).toEqual([
        'OrderPlaced',
        'OrderPaymentFailed',
        'OrderPaymentFailed',
        'OrderPaid',
        'InvoiceIssued',
      ]);
      // A failure reported after the order was paid says nothing any more.
      expect(await received(() => postWebhook(failed(orderId, { eventId: 'evt_failed_late', reason: 'Your card was declined.' })))).toBe(0);
    });

    it('appends nothing for money that is not the order’s total, nor of another currency: the order stays pending', async () => {
      const { orderId, total } = await newOrder();
      expect(
        await received(() => postWebhook(succeeded(orderId, { eventId: 'evt_short', paymentId: 'pi_short', amountCents: total - 1 }))),
      ).toBe(0);
      expect(
        await received(() =>
          postWebhook(succeeded(orderId, { eventId: 'evt_eur', paymentId: 'pi_eur', amountCents: total, currency: 'eur' })),
        ),
      ).toBe(0);
      expect((await shop.eventsOf(orderId)).map((stored) => stored.type)).toEqual(['OrderPlaced']);
    });

    it('owes back a payment for an order cancelled meanwhile: PaymentNotApplied', async () => {
      const { orderId, total } = await newOrder();
      const cancelled = await shop.send({ method: 'POST', url: `/orders/${orderId}/cancel`, token: customer.accessToken, payload: {} });
      expect(cancelled.statusCode).toBe(200);
      expect(await received(() => postWebhook(succeeded(orderId, { eventId: 'evt_late', paymentId: 'pi_late', amountCents: total })))).toBe(
        1,
      );
      expect((await shop.eventsOf(orderId)).at(-1)).toMatchObject({
        type: 'PaymentNotApplied',
        data: { orderId, paymentId: 'pi_late', amountCents: total, because: 'order-cancelled', providerEventId: 'evt_late' },
      });
    });

    it('acknowledges and appends nothing for a payment of no order of the shop’s, and for events it does not read', async () => {
      expect(await received(() => postWebhook(succeeded('not-an-order', { eventId: 'evt_stranger', amountCents: 100 })))).toBe(0);
      expect(await received(() => postWebhook(succeeded(null, { eventId: 'evt_nobody', paymentId: 'pi_nobody', amountCents: 100 })))).toBe(
        0,
      );
      expect(
        await received(() => postWebhook(succeeded('x'.repeat(5000), { eventId: 'evt_long', paymentId: 'pi_long', amountCents: 100 }))),
      ).toBe(0);
      const session = { id: 'evt_session', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } };
      expect(await received(() => postWebhook(session))).toBe(0);
    });

    it('refuses a webhook without a valid signature (400), whoever sends it and whatever it says, appending nothing', async () => {
      const { orderId, total } = await newOrder();
      const event = succeeded(orderId, { eventId: 'evt_forged', paymentId: 'pi_forged', amountCents: total });
      const payload = JSON.stringify(event);
      const refused = (request: () => Promise<{ statusCode: number; json<T>(): T }>) =>
        expectRefused(request, 400, paymentMessages.badSignature);
      await refused(() => postWebhook(event, { signature: null }));
      await refused(() => postWebhook(event, { signature: '' }));
      await refused(() => postWebhook(event, { signature: 't=1,v1=00' }));
      await refused(() =>
        postWebhook(event, { signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }) }),
      );
      const stale = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      await refused(() => postWebhook(event, { signature: stale }));
      // Signed for another body: the amount changed on the way.
      const signedOther = Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify({ ...event, id: 'evt_other' }),
        secret: WEBHOOK_SECRET,
      });
      await refused(() => postWebhook(event, { signature: signedOther }));
      // Not JSON as the provider sends it: nothing to check a signature over.
      await refused(() => postWebhook(event, { contentType: 'text/plain' }));
      // A bearer makes no difference: the signature alone says who sent it.
      await refused(() =>
        shop.send({
          method: 'POST',
          url: '/payments/webhook',
          token: admin.accessToken,
          payload,
          headers: { 'content-type': 'application/json' },
        }),
      );
      expect((await shop.eventsOf(orderId)).map((stored) => stored.type)).toEqual(['OrderPlaced']);
    });

    it('refuses a body larger than any event unread (413) and a body that is no JSON (400)', async () => {
      const huge = { id: 'evt_huge', padding: 'x'.repeat(70 * 1024) };
      const response = await postWebhook(huge);
      expect(response.statusCode).toBe(413);
      const garbage = 'not json at all';
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: garbage, secret: WEBHOOK_SECRET });
      await expectRefused(
        () =>
          shop.send({
            method: 'POST',
            url: '/payments/webhook',
            payload: garbage,
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          }),
        400,
        paymentMessages.badSignature,
      );
    });
  });

  describe('POST /orders/:id/pay', () => {
    /** `token` null: no bearer at all. */
    const pay = (orderId: string, token: string | null = customer.accessToken) =>
      shop.send({ method: 'POST', url: `/orders/${encodeURIComponent(orderId)}/pay`, token: token ?? undefined });

    it('is for the order’s own customer, signed in: 401 without a bearer, 403 for another customer’s order (an admin’s too), 404 for no order', async () => {
      const { orderId } = await newOrder();
      await expectRefused(() => pay(orderId, null), 401, messages.unauthenticated);
      await expectRefused(() => pay(orderId, 'not-a-token'), 401, messages.unauthenticated);
      await expectRefused(() => pay(orderId, other.accessToken), 403, messages.forbiddenOtherOrder);
      await expectRefused(() => pay(orderId, admin.accessToken), 403, messages.forbiddenOtherOrder);
      await expectRefused(() => pay(crypto.randomUUID()), 404, messages.orderNotFound);
      await expectRefused(() => pay(productId), 404, messages.orderNotFound);
    });

    it('refuses an order no longer awaiting payment (409): paid, or cancelled', async () => {
      const paid = await newOrder();
      await postWebhook(succeeded(paid.orderId, { eventId: `evt_${paid.orderId}`, amountCents: paid.total }));
      await expectRefused(() => pay(paid.orderId), 409, paymentMessages.notAwaitingPayment);
      const cancelled = await newOrder();
      await shop.send({ method: 'POST', url: `/orders/${cancelled.orderId}/cancel`, token: customer.accessToken, payload: {} });
      await expectRefused(() => pay(cancelled.orderId), 409, paymentMessages.notAwaitingPayment);
    });

    it('answers 503 when the provider cannot be reached: the order stays payable', async () => {
      const { orderId } = await newOrder();
      await expectRefused(() => pay(orderId), 503, paymentMessages.providerUnavailable);
      expect((await shop.eventsOf(orderId)).map((stored) => stored.type)).toEqual(['OrderPlaced']);
    });
  });

  it('places an order when the provider cannot be reached, answering no page: it is payable later from My Orders', async () => {
    const product = await shop.addProduct(admin);
    const response = await shop.send({
      method: 'POST',
      url: '/order',
      token: customer.accessToken,
      payload: orderOf(customer, product, 5),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ acknowledged: true, payment: null });
    const { orderId } = response.json<{ orderId: string }>();
    expect((await shop.eventsOf(orderId)).map((stored) => stored.type)).toEqual(['OrderPlaced']);
  });
});

describe('a shop without card payments', () => {
  const given = useShop({ withProduct: true });

  it('refuses every webhook (nothing can be verified) and answers 503 to paying an order', async () => {
    const orderId = await given.shop.placeOrder(given.customer, given.productId, 5);
    const payload = JSON.stringify(paymentEvent('payment_intent.succeeded', orderId, { amountCents: totalCostCents(10_00, 5) }));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const before = await given.shop.eventCount();
    const webhook = await given.shop.send({
      method: 'POST',
      url: '/payments/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json<ApiError>().message).toBe(paymentMessages.badSignature);
    const pay = await given.shop.send({ method: 'POST', url: `/orders/${orderId}/pay`, token: given.customer.accessToken });
    expect(pay.statusCode).toBe(503);
    expect(pay.json<ApiError>().message).toBe(paymentMessages.providerUnavailable);
    expect(await given.shop.eventCount()).toBe(before);
  });
});
