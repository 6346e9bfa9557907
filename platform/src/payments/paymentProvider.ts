/**
 * The payment provider as the shop needs it (docs/payments.md): open a hosted page where a customer
 * pays one order's total, read the provider's signed webhooks, refund a payment, and list the
 * provider's ledger for the reconciliation. The Stripe adapter (stripeProvider.ts) is the one
 * implementation, in production as in the tests: the tests point it at the local provider.
 * Amounts are integer cents of the shop's currency.
 */
export interface PaymentProvider {
  /** Opens a hosted payment page for an order; a retry under the same `idempotencyKey` answers the same page. */
  startPayment(request: PaymentRequest): Promise<PaymentPage>;
  /**
   * Reads a webhook's body as it arrived (the raw bytes: the signature is over them) against its
   * signature header. Throws WebhookRefused when the signature is missing, wrong or too old.
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): PaymentNotice;
  /**
   * Closes a hosted page that is still open, so that nobody pays there any more (its order was
   * cancelled, or paid on another page); a page already paid, closed or expired is left as it is.
   */
  closePage(sessionId: string): Promise<void>;
  /** Refunds a captured payment in full; a retry under the same `idempotencyKey` refunds nothing twice. */
  refund(request: RefundRequest): Promise<Refund>;
  /** The provider's own record of the money moved between two times: every captured payment and every refund. */
  ledger(range: LedgerRange): Promise<LedgerEntry[]>;
}

export interface PaymentRequest {
  readonly orderId: string;
  readonly amountCents: number;
  /** ISO 4217, lower case, as Stripe takes it ('usd'). */
  readonly currency: string;
  /** What the hosted page says is paid for ("ToolForge order …"). */
  readonly description: string;
  /** The customer's e-mail, so the provider's page and receipt know it (never a card detail: those stay on the provider's page). */
  readonly customerEmail?: string;
  /** Where the provider sends the customer back after paying, and after giving up. */
  readonly successUrl: string;
  readonly cancelUrl: string;
  readonly idempotencyKey?: string;
}

export interface PaymentPage {
  /** The provider's id of the page (a Checkout Session). */
  readonly sessionId: string;
  readonly url: string;
}

/** What one webhook told the shop, in the shop's terms; every other provider event is `ignored` (acknowledged, nothing appended). */
export type PaymentNotice =
  | {
      readonly kind: 'succeeded';
      /** The provider's event id: the same event delivered twice is applied once. */
      readonly eventId: string;
      /** The order the payment was opened for, or null when the payment names none (not one of ours). */
      readonly orderId: string | null;
      readonly paymentId: string;
      readonly amountCents: number;
      readonly currency: string;
    }
  | {
      readonly kind: 'failed';
      readonly eventId: string;
      readonly orderId: string | null;
      readonly paymentId: string;
      /** The provider's explanation ("Your card was declined."). */
      readonly reason: string;
    }
  | { readonly kind: 'ignored'; readonly eventId: string; readonly type: string };

export interface RefundRequest {
  readonly orderId: string;
  readonly paymentId: string;
  readonly amountCents: number;
  readonly idempotencyKey: string;
}

export interface Refund {
  readonly refundId: string;
  readonly amountCents: number;
}

export interface LedgerRange {
  readonly from?: Date;
  readonly to?: Date;
}

/** One movement of money in the provider's ledger. */
export type LedgerEntry =
  | {
      readonly kind: 'payment';
      readonly paymentId: string;
      readonly orderId: string | null;
      readonly amountCents: number;
      readonly currency: string;
      readonly at: string;
    }
  | {
      readonly kind: 'refund';
      readonly refundId: string;
      readonly paymentId: string;
      readonly orderId: string | null;
      readonly amountCents: number;
      readonly at: string;
    };

/** A webhook whose signature does not hold: answered 400, nothing appended. */
export class WebhookRefused extends Error {
  override readonly name = 'WebhookRefused';
}

/** The provider could not be reached or refused the request: the caller decides what waits (a page opened later, a refund retried). */
export class PaymentProviderUnavailable extends Error {
  override readonly name = 'PaymentProviderUnavailable';
}
