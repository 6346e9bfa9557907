import { randomBytes } from 'node:crypto';

/**
 * The Stripe objects the local provider keeps and answers, in Stripe's own shapes (the fields the
 * shop reads and a few that make them recognisable); amounts in the currency's minor unit (cents).
 */

export type Metadata = Record<string, string>;

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Metadata;
  mode: 'payment';
  /** Null until the customer's first attempt to pay. */
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  /** The hosted page while the session is open; null once it is complete or expired, as on Stripe. */
  url: string | null;
}

export interface LineItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** Why the last attempt failed, as Stripe says it for a declined card. */
export interface PaymentError {
  type: 'card_error';
  code: 'card_declined';
  decline_code: string;
  message: string;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** 0 until it succeeds; then the amount captured (which the control route may tamper with). */
  amount_received: number;
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  payment_method_types: ['card'];
  status: 'requires_payment_method' | 'succeeded';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: null;
  status: 'succeeded';
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  /** The API version its events are written in: the one the request that created it named. */
  api_version: string | null;
  created: number;
  /** '*' for every event (the default here, when none are named). */
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  status: 'enabled';
  url: string;
}

/** An event as a webhook carries it. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string | null;
  created: number;
  data: { object: object };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

/** Stripe's ids: a prefix (`cs_test`, `pi`, `re`, `we`, `evt`) and random letters and digits. */
export function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const letters = [...randomBytes(24)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${prefix}_${letters}`;
}

/** Stripe's timestamps: whole seconds since the epoch. */
export const unixSeconds = (at: number = Date.now()) => Math.floor(at / 1000);
