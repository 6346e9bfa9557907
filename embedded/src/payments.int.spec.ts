import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatCents,
  paymentMessages,
  totalCostCents,
  type ApiError,
  type LoginResponse,
  type PlaceOrderResponse,
} from '@toolforge/contracts';
import { cardPaymentsOf, registerDevelopmentWebhook, type DevelopmentWebhook } from '@toolforge/command-service';
import { stripePaymentProvider } from '@toolforge/platform/payments';
import { auditPaymentsCommand } from '@toolforge/projector';
import type { PaymentSettings, StoredEvent } from '@toolforge/platform';
import { createAccount, readEvents, sendTo, uniqueEmail, type AppRequest } from '@toolforge/platform/testing';
import { LOCAL_PAYMENTS } from './localPayments/server.js';
import { PAYING_CARD } from './localPayments/testCards.js';
import { openEmbeddedTestShop, type EmbeddedTestShop } from './test/embeddedTestShop.js';
import { ofType, pay, startTestProvider, webhookReceiver, type TestProvider } from './test/localPayments.js';

/**
 * Card payments end to end: the embedded shop, its provider the Stripe adapter on the official SDK,
 * pointed at a local provider of the test's own (STRIPE_API_BASE), where the shop registered its
 * webhook endpoint as a development host does. A customer orders, pays on the hosted page with a
 * test card as a browser posts it, and the provider's signed webhooks reach the shop over HTTP.
 */

const WEB = 'http://localhost:8180';
/** The web shop's other address (WEB_ORIGINS holds both): a customer who came from it goes back to it. */
const OTHER_WEB = 'http://127.0.0.1:8180';
const DECLINED_CARD = '4000000000000002';
const NO_FUNDS_CARD = '4000000000009995';
const LATE_TWICE_CARD = '4000000000000077';

const product = {
  name: 'Cordless Drill 18V',
  category: 'power-tool',
  model: 'CD-18',
  imageUrl: '/images/products/cordless-drill.svg',
  price: '10',
  stock: '30',
  minOrder: '5',
  description: 'Two-speed gearbox, 13 mm keyless chuck and two batteries.',
};
/** An order of 5 at 10.00: what the provider must capture to pay it. */
const TOTAL = totalCostCents(10_00, 5);

interface SignedIn {
  uid: string;
  token: string;
}

/** A shop that takes card payments through a local provider, listening so the provider's webhooks reach it. */
async function openCardShop(options: { reservationTtlMs?: number; lateWebhookMs?: number } = {}) {
  const provider: TestProvider = await startTestProvider({ lateWebhookMs: options.lateWebhookMs });
  const settings: PaymentSettings = {
    secretKey: LOCAL_PAYMENTS.secretKey,
    webhookSecret: LOCAL_PAYMENTS.webhookSecret,
    apiBase: new URL(provider.url),
    currency: 'usd',
    shopUrl: undefined,
  };
  const payments = cardPaymentsOf({ payments: settings, webOrigins: [WEB, OTHER_WEB] });
  const adminEmail = uniqueEmail('card-admin');
  const shop: EmbeddedTestShop = await openEmbeddedTestShop({
    adminEmails: [adminEmail],
    rateLimits: {},
    payments,
    reservationTtlMs: options.reservationTtlMs,
  });
  await shop.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = shop.app.server.address() as AddressInfo;
  const webhook: DevelopmentWebhook | undefined = await registerDevelopmentWebhook(payments, { host: '127.0.0.1', port }, shop.app.log);
  if (!webhook) throw new Error('the shop could not register its webhook endpoint with the local provider');

  const send = (request: AppRequest) => sendTo(shop.app, request);
  async function signIn(email: string, name: string): Promise<SignedIn> {
    const account = await createAccount({ email, displayName: name, emailVerified: true });
    const response = await send({
      method: 'POST',
      url: '/login',
      token: account.idToken,
      payload: { uid: account.uid, name, email, loggedIn: true },
    });
    expect(response.statusCode).toBe(200);
    return { uid: account.uid, token: response.json<LoginResponse>().accessToken };
  }
  const admin = await signIn(adminEmail, 'Card Admin');
  const customer = await signIn(uniqueEmail('card-customer'), 'Card Customer');

  const eventsOf = async (orderId: string): Promise<StoredEvent[]> =>
    (await readEvents(shop.log)).filter((event) => event.streamId === orderId);

  return {
    provider,
    /** The shop's own log and provider settings, for the reconciliation an operator runs. */
    log: shop.log,
    settings,
    send,
    admin,
    customer,
    eventsOf,
    /** The types of the order's events, once `expected` of them are there (the webhooks arrive on their own). */
    async typesOnceThere(orderId: string, expected: string[]): Promise<string[]> {
      await vi.waitFor(async () => expect((await eventsOf(orderId)).map((event) => event.type)).toEqual(expected), {
        timeout: 15_000,
        interval: 50,
      });
      return (await eventsOf(orderId)).map((event) => event.type);
    },
    /** A product of its own for each order: a customer's unpaid orders hold half of one's stock at most. */
    async newProduct(): Promise<string> {
      const added = await send({ method: 'POST', url: '/addproduct', token: admin.token, payload: product });
      expect(added.statusCode).toBe(200);
      return added.json<{ productId: string }>().productId;
    },
    orderBody: (productId: string) => ({
      productId,
      userId: customer.uid,
      userName: 'Card Customer',
      productName: product.name,
      totalCost: Number(formatCents(TOTAL)),
      status: 'pending',
      payment: false,
      shippingAddress: '1 Forge Lane, Sheffield',
      orderQuantity: 5,
    }),
    /** An order of 5 of a new product by the customer. */
    async placeOrder(): Promise<PlaceOrderResponse> {
      const response = await send({
        method: 'POST',
        url: '/order',
        token: customer.token,
        payload: this.orderBody(await this.newProduct()),
      });
      expect(response.statusCode).toBe(200);
      return response.json<PlaceOrderResponse>();
    },
    /** POST /orders/:id/pay by the customer, from the browser's `origin` when given. */
    payAgain: (orderId: string, origin?: string) =>
      send({ method: 'POST', url: `/orders/${orderId}/pay`, token: customer.token, headers: origin ? { origin } : {} }),
    async close() {
      await webhook.close();
      await provider.close();
      await shop.close();
    },
  };
}

type CardShop = Awaited<ReturnType<typeof openCardShop>>;

/** The provider's refunds of one payment, as its ledger lists them. */
async function refundsOf(shop: CardShop, paymentId: string) {
  const refunds = await shop.provider.stripe.refunds.list({ limit: 100 });
  return refunds.data.filter((refund) => refund.payment_intent === paymentId);
}

/** The card payment an order's OrderPaid names. */
const cardPaymentOf = (events: StoredEvent[]) =>
  (events.find((event) => event.type === 'OrderPaid')?.data as { payment: { paymentId: string } } | undefined)?.payment;

describe('card payments through the local provider', () => {
  let shop: CardShop;
  beforeAll(async () => {
    shop = await openCardShop();
  }, 60_000);
  afterAll(() => shop?.close());

  it('answers an order with the provider’s page; paid with 4242, the webhook pays it by card of its total', async () => {
    const placed = await shop.placeOrder();
    expect(placed.payment?.url).toMatch(new RegExp(`^${shop.provider.url}/pay/`));
    const paid = await pay(placed.payment!.url, PAYING_CARD);
    // Back to My Orders, which shows the order paid.
    expect(paid).toMatchObject({ status: 303, location: `${WEB}/myorders?paid=${placed.orderId}` });
    await shop.typesOnceThere(placed.orderId, ['OrderPlaced', 'OrderPaid', 'InvoiceIssued']);
    const [, orderPaid] = await shop.eventsOf(placed.orderId);
    expect(orderPaid).toMatchObject({
      data: { orderId: placed.orderId, payment: { method: 'card', amountCents: TOTAL, paymentId: expect.stringMatching(/^pi_/) } },
      meta: { actor: null },
    });
    // The provider's payment is the one the event names, for this order and this amount.
    const intent = await shop.provider.stripe.paymentIntents.retrieve(cardPaymentOf([orderPaid!])!.paymentId);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: TOTAL, metadata: { orderId: placed.orderId } });
    // Paid: no page is opened for it any more.
    const again = await shop.payAgain(placed.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe(paymentMessages.notAwaitingPayment);
  });

  it('answers a retried order (the same Idempotency-Key) with the same page', async () => {
    const key = { 'idempotency-key': crypto.randomUUID() };
    const body = shop.orderBody(await shop.newProduct());
    const first = await shop.send({ method: 'POST', url: '/order', token: shop.customer.token, headers: key, payload: body });
    const retry = await shop.send({ method: 'POST', url: '/order', token: shop.customer.token, headers: key, payload: body });
    expect(retry.statusCode).toBe(200);
    const { orderId, payment } = first.json<PlaceOrderResponse>();
    expect(retry.json<PlaceOrderResponse>()).toMatchObject({ orderId, payment: { url: payment!.url } });
    expect(payment?.url).toMatch(new RegExp(`^${shop.provider.url}/pay/`));
  });

  it('answers a checkout of the cart with the page for the order’s total, and pays it', async () => {
    const productId = await shop.newProduct();
    const line = await shop.send({ method: 'PUT', url: `/cart/lines/${productId}`, token: shop.customer.token, payload: { quantity: 5 } });
    expect(line.statusCode).toBe(200);
    const checkout = await shop.send({
      method: 'POST',
      url: '/checkout',
      token: shop.customer.token,
      payload: { shippingAddress: '1 Forge Lane' },
    });
    expect(checkout.statusCode).toBe(200);
    const { orderId, payment } = checkout.json<PlaceOrderResponse>();
    expect(payment?.url).toMatch(new RegExp(`^${shop.provider.url}/pay/`));
    expect((await pay(payment!.url, PAYING_CARD)).status).toBe(303);
    await shop.typesOnceThere(orderId, ['OrderPlaced', 'OrderPaid', 'InvoiceIssued']);
    expect(cardPaymentOf(await shop.eventsOf(orderId))).toMatchObject({ amountCents: TOTAL });
  });

  it('records each declined attempt with the card’s words; the order stays pending and is paid from a new page', async () => {
    const placed = await shop.placeOrder();
    const declined = await pay(placed.payment!.url, DECLINED_CARD);
    expect(declined.status).toBe(402);
    await shop.typesOnceThere(placed.orderId, ['OrderPlaced', 'OrderPaymentFailed']);
    const noFunds = await pay(placed.payment!.url, NO_FUNDS_CARD);
    expect(noFunds.status).toBe(402);
    await shop.typesOnceThere(placed.orderId, ['OrderPlaced', 'OrderPaymentFailed', 'OrderPaymentFailed']);
    const reasons = (await shop.eventsOf(placed.orderId)).slice(1).map((event) => (event.data as { reason: string }).reason);
    expect(reasons).toEqual(['Your card was declined.', 'Your card has insufficient funds.']);

    // My Orders' "Pay now": a new page, not the first one.
    const again = await shop.payAgain(placed.orderId);
    expect(again.statusCode).toBe(200);
    const { payment } = again.json<{ acknowledged: true; payment: { url: string } }>();
    expect(again.json()).toMatchObject({ acknowledged: true });
    expect(payment.url).not.toBe(placed.payment!.url);
    expect((await pay(payment.url, PAYING_CARD)).status).toBe(303);
    await shop.typesOnceThere(placed.orderId, ['OrderPlaced', 'OrderPaymentFailed', 'OrderPaymentFailed', 'OrderPaid', 'InvoiceIssued']);
  });

  it('sends the customer back to the web origin they came from, and never to one the shop does not serve', async () => {
    const placed = await shop.placeOrder();
    const returnOf = async (origin: string) => {
      const page = (await shop.payAgain(placed.orderId, origin)).json<{ payment: { url: string } }>().payment.url;
      const session = await shop.provider.stripe.checkout.sessions.retrieve(page.slice(page.lastIndexOf('/') + 1));
      return { success: session.success_url, cancel: session.cancel_url };
    };
    expect(await returnOf(OTHER_WEB)).toEqual({ success: `${OTHER_WEB}/myorders?paid=${placed.orderId}`, cancel: `${OTHER_WEB}/myorders` });
    // Any other Origin a request names is no address of the shop's: the first web origin instead.
    expect(await returnOf('https://evil.example')).toEqual({
      success: `${WEB}/myorders?paid=${placed.orderId}`,
      cancel: `${WEB}/myorders`,
    });
  });

  it('refunds a paid order an admin cancels: OrderRefunded, and the refund in the provider’s ledger', async () => {
    const placed = await shop.placeOrder();
    await pay(placed.payment!.url, PAYING_CARD);
    await shop.typesOnceThere(placed.orderId, ['OrderPlaced', 'OrderPaid', 'InvoiceIssued']);
    const cancelled = await shop.send({
      method: 'POST',
      url: `/orders/${placed.orderId}/cancel`,
      token: shop.admin.token,
      payload: { reason: 'Out of stock' },
    });
    expect(cancelled.statusCode).toBe(200);
    await shop.typesOnceThere(placed.orderId, [
      'OrderPlaced',
      'OrderPaid',
      'InvoiceIssued',
      'OrderCancelled',
      'CreditNoteIssued',
      'OrderRefunded',
    ]);
    const events = await shop.eventsOf(placed.orderId);
    const paymentId = cardPaymentOf(events)!.paymentId;
    const refunded = events.at(-1)!;
    expect(refunded).toMatchObject({
      data: { orderId: placed.orderId, paymentId, amountCents: TOTAL, refundId: expect.stringMatching(/^re_/) },
      meta: { actor: null },
    });
    expect(await refundsOf(shop, paymentId)).toEqual([
      expect.objectContaining({ id: (refunded.data as { refundId: string }).refundId, amount: TOTAL, status: 'succeeded' }),
    ]);
  });

  it('closes an order’s other pages once it is paid, and its pages once it is cancelled: none takes a payment after', async () => {
    const sessionOf = (url: string) => shop.provider.stripe.checkout.sessions.retrieve(url.slice(url.lastIndexOf('/') + 1));
    const paid = await shop.placeOrder();
    const other = (await shop.payAgain(paid.orderId)).json<{ payment: { url: string } }>().payment.url;
    await pay(paid.payment!.url, PAYING_CARD);
    await shop.typesOnceThere(paid.orderId, ['OrderPlaced', 'OrderPaid', 'InvoiceIssued']);
    await vi.waitFor(async () => expect((await sessionOf(other)).status).toBe('expired'), { timeout: 10_000, interval: 50 });
    expect((await pay(other, PAYING_CARD)).status).not.toBe(303);

    const cancelled = await shop.placeOrder();
    const cancel = { method: 'POST', url: `/orders/${cancelled.orderId}/cancel`, token: shop.customer.token, payload: {} } as const;
    expect((await shop.send(cancel)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await sessionOf(cancelled.payment!.url)).status).toBe('expired'), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await pay(cancelled.payment!.url, PAYING_CARD)).status).not.toBe(303);
    // Nothing was captured for either, so nothing is owed back.
    expect((await shop.eventsOf(paid.orderId)).map((event) => event.type)).toEqual(['OrderPlaced', 'OrderPaid', 'InvoiceIssued']);
    expect((await shop.eventsOf(cancelled.orderId)).map((event) => event.type)).toEqual(['OrderPlaced', 'OrderCancelled']);
  });

  it('owes back a second payment of an order already paid, and refunds it once', async () => {
    const placed = await shop.placeOrder();
    // A page the shop no longer knows of (opened before a restart: its open pages are kept in memory), paid after the first.
    const session = await shop.provider.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: TOTAL, product_data: { name: 'ToolForge order' } }, quantity: 1 }],
      success_url: `${WEB}/myorders?paid=${placed.orderId}`,
      cancel_url: `${WEB}/myorders`,
      metadata: { orderId: placed.orderId },
      payment_intent_data: { metadata: { orderId: placed.orderId } },
    });
    const second = session.url!;
    await pay(placed.payment!.url, PAYING_CARD);
    await shop.typesOnceThere(placed.orderId, ['OrderPlaced', 'OrderPaid', 'InvoiceIssued']);
    await pay(second, PAYING_CARD);
    await shop.typesOnceThere(placed.orderId, ['OrderPlaced', 'OrderPaid', 'InvoiceIssued', 'PaymentNotApplied', 'OrderRefunded']);
    const [, orderPaid, , notApplied, refunded] = await shop.eventsOf(placed.orderId);
    expect(notApplied).toMatchObject({ data: { because: 'already-paid', amountCents: TOTAL } });
    const secondPayment = (notApplied!.data as { paymentId: string }).paymentId;
    expect(secondPayment).not.toBe(cardPaymentOf([orderPaid!])!.paymentId);
    expect(refunded).toMatchObject({ data: { paymentId: secondPayment, amountCents: TOTAL } });
    expect(await refundsOf(shop, secondPayment)).toHaveLength(1);
  });
});

/**
 * `toolforge audit payments` as an operator runs it: the provider's ledger, listed through the Stripe
 * adapter from the local provider, against the shop's log. Exit 0 and the JSON report's findings.
 */
async function reconcile(shop: CardShop): Promise<{ code: number; findings: { kind: string; id: string; field?: string }[] }> {
  let out = '';
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (out += text) };
  const provider = stripePaymentProvider(shop.settings);
  const code = await auditPaymentsCommand(shop.log, provider, io, { format: 'json', currency: shop.settings.currency });
  return { code, findings: (JSON.parse(out) as { findings: { kind: string; id: string; field?: string }[] }).findings };
}

describe('the reconciliation of the provider’s ledger with the log', () => {
  let shop: CardShop;
  beforeAll(async () => {
    shop = await openCardShop();
  }, 60_000);
  afterAll(() => shop?.close());

  it('agrees on payments, a declined attempt and a refund (exit 0), and finds a ledger tampered with (exit 1)', async () => {
    const kept = await shop.placeOrder();
    await pay(kept.payment!.url, DECLINED_CARD);
    await pay(kept.payment!.url, PAYING_CARD);
    const refunded = await shop.placeOrder();
    await pay(refunded.payment!.url, PAYING_CARD);
    await shop.typesOnceThere(refunded.orderId, ['OrderPlaced', 'OrderPaid', 'InvoiceIssued']);
    const cancel = { method: 'POST', url: `/orders/${refunded.orderId}/cancel`, token: shop.admin.token, payload: {} } as const;
    expect((await shop.send(cancel)).statusCode).toBe(200);
    await shop.typesOnceThere(kept.orderId, ['OrderPlaced', 'OrderPaymentFailed', 'OrderPaid', 'InvoiceIssued']);
    await shop.typesOnceThere(refunded.orderId, [
      'OrderPlaced',
      'OrderPaid',
      'InvoiceIssued',
      'OrderCancelled',
      'CreditNoteIssued',
      'OrderRefunded',
    ]);
    expect(await reconcile(shop)).toEqual({ code: 0, findings: [] });

    // The provider's ledger now says more was captured for the kept order than its OrderPaid records.
    const paymentId = cardPaymentOf(await shop.eventsOf(kept.orderId))!.paymentId;
    const tampered = await fetch(`${shop.provider.url}/_local/payment_intents/${paymentId}/tamper`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount_received: TOTAL + 1 }),
    });
    expect(tampered.ok).toBe(true);
    expect(await reconcile(shop)).toEqual({
      code: 1,
      findings: [expect.objectContaining({ kind: 'payment-differs', id: paymentId, field: 'amount' })],
    });
  });
});

describe('a payment that arrives after the reservation ran out', () => {
  let shop: CardShop;
  beforeAll(async () => {
    // The order expires after 1.5 s; the 0077 card's webhooks arrive after 3 s, twice.
    shop = await openCardShop({ reservationTtlMs: 1_500, lateWebhookMs: 3_000 });
  }, 60_000);
  afterAll(() => shop?.close());

  it('is not applied to the expired order (once, though delivered twice) and is refunded', async () => {
    // Another endpoint of the provider's, to see the webhooks it sends.
    const receiver = await webhookReceiver();
    await shop.provider.stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ['payment_intent.succeeded'] });
    const placed = await shop.placeOrder();
    expect((await pay(placed.payment!.url, LATE_TWICE_CARD)).status).toBe(303);
    await shop.typesOnceThere(placed.orderId, ['OrderPlaced', 'OrderCancelled', 'PaymentNotApplied', 'OrderRefunded']);
    const [, expired, notApplied, refunded] = await shop.eventsOf(placed.orderId);
    expect(expired).toMatchObject({ data: { reason: 'expired', by: null } });
    expect(notApplied).toMatchObject({
      data: { because: 'order-cancelled', amountCents: TOTAL, paymentId: expect.stringMatching(/^pi_/) },
    });
    const paymentId = (notApplied!.data as { paymentId: string }).paymentId;
    expect(refunded).toMatchObject({ data: { paymentId, amountCents: TOTAL } });
    // Both deliveries are in (another endpoint got its two copies, sent with the shop's): the second appended nothing.
    await receiver.waitFor(2, (delivery) => ofType('payment_intent.succeeded')(delivery) && delivery.raw.includes(paymentId));
    expect((await shop.eventsOf(placed.orderId)).map((event) => event.type)).toEqual([
      'OrderPlaced',
      'OrderCancelled',
      'PaymentNotApplied',
      'OrderRefunded',
    ]);
    expect(await refundsOf(shop, paymentId)).toEqual([expect.objectContaining({ amount: TOTAL, status: 'succeeded' })]);
    await receiver.close();
  }, 30_000);
});
