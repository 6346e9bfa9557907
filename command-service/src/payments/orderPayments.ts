import type { OrderPaid, OrderPaymentFailed, OrderRefunded, PaymentNotApplied } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

/** A payment the provider captured for an order: its id and how much. */
export interface CapturedPayment {
  readonly paymentId: string;
  readonly amountCents: number;
}

/**
 * What the command side knows of one order's money at the provider: kept only for the orders the
 * provider ever reported on (a million orders paid offline or never paid cost nothing here).
 */
export interface OrderPayments {
  /** The provider events applied to the order: one delivered again appends nothing. */
  readonly providerEventIds: readonly string[];
  /** The card payment that paid it, if one did. */
  readonly card: CapturedPayment | undefined;
  /** Payments captured when it no longer awaited one (PaymentNotApplied): owed back. */
  readonly notApplied: readonly CapturedPayment[];
  /** The payments refunded so far, by their id. */
  readonly refundedPaymentIds: readonly string[];
}

/** The facts of an order's stream that move its money. */
export type PaymentFact = Decided<OrderPaid | OrderPaymentFailed | PaymentNotApplied | OrderRefunded>;
export const PAYMENT_FACT_TYPES: readonly PaymentFact['type'][] = ['OrderPaid', 'OrderPaymentFailed', 'PaymentNotApplied', 'OrderRefunded'];
const PAYMENT_TYPES: ReadonlySet<string> = new Set(PAYMENT_FACT_TYPES);

export function isPaymentFact<Fact extends { readonly type: string }>(fact: Fact): fact is Extract<Fact, { type: PaymentFact['type'] }> {
  return PAYMENT_TYPES.has(fact.type);
}

const NO_PAYMENTS: OrderPayments = { providerEventIds: [], card: undefined, notApplied: [], refundedPaymentIds: [] };

/**
 * An order's payments after `fact`. An order paid offline (or marked paid before the shop took
 * payments) has no provider activity: its OrderPaid leaves nothing to keep (undefined stays undefined).
 */
export function evolvePayments(state: OrderPayments | undefined, fact: PaymentFact): OrderPayments | undefined {
  switch (fact.type) {
    case 'OrderPaid': {
      const { payment } = fact.data;
      if (payment?.method !== 'card') return state;
      const { paymentId, amountCents, providerEventId } = payment;
      return { ...withEvent(state, providerEventId), card: { paymentId, amountCents } };
    }
    case 'OrderPaymentFailed':
      return withEvent(state, fact.data.providerEventId);
    case 'PaymentNotApplied': {
      const { paymentId, amountCents, providerEventId } = fact.data;
      const before = withEvent(state, providerEventId);
      return { ...before, notApplied: [...before.notApplied, { paymentId, amountCents }] };
    }
    case 'OrderRefunded': {
      const before = state ?? NO_PAYMENTS;
      return { ...before, refundedPaymentIds: [...before.refundedPaymentIds, fact.data.paymentId] };
    }
    default: {
      const unknown: never = fact;
      return unknown;
    }
  }
}

function withEvent(state: OrderPayments | undefined, providerEventId: string): OrderPayments {
  const before = state ?? NO_PAYMENTS;
  return { ...before, providerEventIds: [...before.providerEventIds, providerEventId] };
}

/** Whether the provider already told the shop of this event, or of this payment, about the order. */
export function hasApplied(payments: OrderPayments | undefined, providerEventId: string): boolean {
  return payments?.providerEventIds.includes(providerEventId) ?? false;
}

/** A payment the order already holds: its card payment, or one not applied. */
export function knownPayment(payments: OrderPayments | undefined, paymentId: string): CapturedPayment | undefined {
  if (!payments) return undefined;
  if (payments.card?.paymentId === paymentId) return payments.card;
  return payments.notApplied.find((payment) => payment.paymentId === paymentId);
}

export function isRefunded(payments: OrderPayments | undefined, paymentId: string): boolean {
  return payments?.refundedPaymentIds.includes(paymentId) ?? false;
}

/**
 * What the shop owes back of an order (docs/payments.md): every payment not applied, and the card
 * payment of an order cancelled after it was paid, each until it is refunded.
 */
export function owedPayments(payments: OrderPayments | undefined, orderCancelled: boolean): CapturedPayment[] {
  if (!payments) return [];
  const owed = orderCancelled && payments.card ? [payments.card, ...payments.notApplied] : [...payments.notApplied];
  return owed.filter((payment) => !isRefunded(payments, payment.paymentId));
}
