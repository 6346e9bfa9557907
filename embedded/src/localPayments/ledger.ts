import { formatAmount } from './amounts.js';
import { invalidRequest, resourceMissing } from './errors.js';
import {
  newId,
  unixSeconds,
  type CheckoutSession,
  type LineItem,
  type Metadata,
  type PaymentIntent,
  type Refund,
  type WebhookEndpoint,
} from './objects.js';
import type { CardOutcome } from './testCards.js';

/** A Checkout Session as kept: its API object (the page's address is added when answered) and what only its page shows. */
export interface SessionRecord {
  session: Omit<CheckoutSession, 'url'>;
  lineItems: LineItem[];
  /** What the PaymentIntent opened by the first attempt carries. */
  paymentIntentData: { metadata: Metadata; description: string | null };
}

export interface PaymentIntentRecord {
  intent: PaymentIntent;
  /** How much of it was refunded so far (Stripe keeps this on the charge). */
  refunded: number;
}

/** Everything the provider knows, in the order it was made: what is persisted in the data dir. */
export interface LedgerSnapshot {
  sessions: SessionRecord[];
  paymentIntents: PaymentIntentRecord[];
  refunds: Refund[];
  webhookEndpoints: WebhookEndpoint[];
}

export interface NewCheckoutSession {
  lineItems: LineItem[];
  currency: string;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Metadata;
  paymentIntentData: SessionRecord['paymentIntentData'];
}

/** When a webhook of an event goes out: at once, or twice after the late card's delay. */
export type Delivery = 'now' | 'late-twice';

export interface LedgerDeps {
  /** The hosted page of a session. */
  pageUrl(sessionId: string): string;
  /** An event happened: its webhooks go to the registered endpoints (webhooks.ts). */
  publish(type: string, object: object, delivery: Delivery): void;
  /** Something changed: persist it (ledgerFile.ts), if the provider keeps a data dir. */
  changed(): void;
}

/** The result of one attempt to pay on the hosted page. */
export type PaymentAttempt =
  | { kind: 'paid'; session: CheckoutSession }
  | { kind: 'declined'; session: CheckoutSession; message: string }
  /** Paid or expired already: no second payment. */
  | { kind: 'closed'; session: CheckoutSession };

/** Checkout Sessions stay open a day, as on Stripe. */
const SESSION_LIFETIME_S = 24 * 60 * 60;

/**
 * The provider's ledger (docs/payments.md#the-local-provider): Checkout Sessions, the
 * PaymentIntents their pages open, refunds and webhook endpoints, with Stripe's rules for moving
 * between them. It never waits: every operation runs to its end in one turn, so two requests never
 * interleave inside one.
 */
export class LocalLedger {
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly paymentIntents = new Map<string, PaymentIntentRecord>();
  private readonly refunds = new Map<string, Refund>();
  private readonly endpoints = new Map<string, WebhookEndpoint>();

  constructor(
    private readonly deps: LedgerDeps,
    snapshot?: LedgerSnapshot,
  ) {
    for (const record of snapshot?.sessions ?? []) this.sessions.set(record.session.id, record);
    for (const record of snapshot?.paymentIntents ?? []) this.paymentIntents.set(record.intent.id, record);
    for (const refund of snapshot?.refunds ?? []) this.refunds.set(refund.id, refund);
    for (const endpoint of snapshot?.webhookEndpoints ?? []) this.endpoints.set(endpoint.id, endpoint);
  }

  snapshot(): LedgerSnapshot {
    return {
      sessions: [...this.sessions.values()],
      paymentIntents: [...this.paymentIntents.values()],
      refunds: [...this.refunds.values()],
      webhookEndpoints: [...this.endpoints.values()],
    };
  }

  // Checkout Sessions

  createSession(request: NewCheckoutSession): CheckoutSession {
    const amount = request.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const created = unixSeconds();
    const record: SessionRecord = {
      session: {
        id: newId('cs_test'),
        object: 'checkout.session',
        amount_subtotal: amount,
        amount_total: amount,
        cancel_url: request.cancelUrl,
        client_reference_id: request.clientReferenceId,
        created,
        currency: request.currency,
        customer_email: request.customerEmail,
        expires_at: created + SESSION_LIFETIME_S,
        livemode: false,
        metadata: request.metadata,
        mode: 'payment',
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: request.successUrl,
      },
      lineItems: request.lineItems,
      paymentIntentData: request.paymentIntentData,
    };
    this.sessions.set(record.session.id, record);
    this.deps.changed();
    return this.answer(record);
  }

  /** A session as the API answers it; 404 (resource_missing) when there is none. */
  session(id: string): CheckoutSession {
    return this.answer(this.sessionRecord(id));
  }

  /** A session with what its page shows; undefined when there is none. */
  findSession(id: string): { session: CheckoutSession; lineItems: readonly LineItem[] } | undefined {
    const record = this.sessions.get(id);
    return record && { session: this.answer(record), lineItems: record.lineItems };
  }

  expireSession(id: string): CheckoutSession {
    const record = this.sessionRecord(id);
    if (record.session.status !== 'open') {
      throw invalidRequest('Only Checkout Sessions with a status in ["open"] can be expired.', undefined, 'checkout_session_not_open');
    }
    record.session.status = 'expired';
    this.deps.changed();
    const session = this.answer(record);
    this.deps.publish('checkout.session.expired', session, 'now');
    return session;
  }

  /** The hosted page's attempt with a test card: Stripe's PaymentIntent moves, and its events go out. */
  pay(sessionId: string, outcome: Exclude<CardOutcome, { kind: 'incorrect' }>): PaymentAttempt {
    const record = this.sessionRecord(sessionId);
    if (record.session.status !== 'open') return { kind: 'closed', session: this.answer(record) };
    const intent = this.intentOf(record);
    if (outcome.kind === 'declined') {
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: outcome.declineCode,
        message: outcome.message,
      };
      this.deps.changed();
      this.deps.publish('payment_intent.payment_failed', intent, 'now');
      return { kind: 'declined', session: this.answer(record), message: outcome.message };
    }
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      last_payment_error: null,
      latest_charge: newId('ch'),
    } satisfies Partial<PaymentIntent>);
    Object.assign(record.session, { status: 'complete', payment_status: 'paid' } satisfies Partial<CheckoutSession>);
    this.deps.changed();
    const session = this.answer(record);
    this.deps.publish('payment_intent.succeeded', intent, outcome.late ? 'late-twice' : 'now');
    this.deps.publish('checkout.session.completed', session, 'now');
    return { kind: 'paid', session };
  }

  // PaymentIntents

  paymentIntent(id: string): PaymentIntent {
    return this.intentRecord(id).intent;
  }

  paymentIntentsNewestFirst(): PaymentIntent[] {
    return [...this.paymentIntents.values()].reverse().map((record) => record.intent);
  }

  /** The control route's tampering (the reconciliation's test): the ledger says another amount was captured. */
  tamper(id: string, amountReceived: number): PaymentIntent {
    const { intent } = this.intentRecord(id);
    intent.amount_received = amountReceived;
    this.deps.changed();
    return intent;
  }

  // Refunds

  refund(request: { paymentIntent: string; amount: number | undefined; metadata: Metadata }): Refund {
    const record = this.paymentIntents.get(request.paymentIntent);
    if (!record) throw resourceMissing('payment_intent', request.paymentIntent, 'payment_intent');
    const { intent } = record;
    if (intent.status !== 'succeeded') {
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent');
    }
    const unrefunded = intent.amount_received - record.refunded;
    if (unrefunded <= 0)
      throw invalidRequest(`Charge ${intent.latest_charge} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = request.amount ?? unrefunded;
    if (amount > unrefunded) {
      const money = (minor: number) => formatAmount(minor, intent.currency);
      throw invalidRequest(
        `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(unrefunded)})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      created: unixSeconds(),
      currency: intent.currency,
      metadata: request.metadata,
      payment_intent: intent.id,
      reason: null,
      status: 'succeeded',
    };
    record.refunded += amount;
    this.refunds.set(refund.id, refund);
    this.deps.changed();
    return refund;
  }

  refundsNewestFirst(): Refund[] {
    return [...this.refunds.values()].reverse();
  }

  // Webhook endpoints

  addWebhookEndpoint(request: { url: string; enabledEvents: string[]; apiVersion: string | null; metadata: Metadata }): WebhookEndpoint {
    const endpoint: WebhookEndpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: request.apiVersion,
      created: unixSeconds(),
      enabled_events: request.enabledEvents.length > 0 ? request.enabledEvents : ['*'],
      livemode: false,
      metadata: request.metadata,
      status: 'enabled',
      url: request.url,
    };
    this.endpoints.set(endpoint.id, endpoint);
    this.deps.changed();
    return endpoint;
  }

  removeWebhookEndpoint(id: string): void {
    if (!this.endpoints.delete(id)) throw resourceMissing('webhook_endpoint', id);
    this.deps.changed();
  }

  webhookEndpoint(id: string): WebhookEndpoint | undefined {
    return this.endpoints.get(id);
  }

  webhookEndpointsNewestFirst(): WebhookEndpoint[] {
    return [...this.endpoints.values()].reverse();
  }

  // Helpers

  private sessionRecord(id: string): SessionRecord {
    const record = this.sessions.get(id);
    if (!record) throw resourceMissing('checkout.session', id);
    return record;
  }

  private intentRecord(id: string): PaymentIntentRecord {
    const record = this.paymentIntents.get(id);
    if (!record) throw resourceMissing('payment_intent', id);
    return record;
  }

  /** The session's PaymentIntent, opened by its first attempt to pay. */
  private intentOf(record: SessionRecord): PaymentIntent {
    const existing = record.session.payment_intent && this.paymentIntents.get(record.session.payment_intent);
    if (existing) return existing.intent;
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: record.session.amount_total,
      amount_received: 0,
      created: unixSeconds(),
      currency: record.session.currency,
      description: record.paymentIntentData.description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: record.paymentIntentData.metadata,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
    };
    this.paymentIntents.set(intent.id, { intent, refunded: 0 });
    record.session.payment_intent = intent.id;
    return intent;
  }

  private answer(record: SessionRecord): CheckoutSession {
    return { ...record.session, url: record.session.status === 'open' ? this.deps.pageUrl(record.session.id) : null };
  }
}
