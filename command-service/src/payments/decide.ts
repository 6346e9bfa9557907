import { isOrderEvent, type OrderPaid, type OrderPaymentFailed, type OrderRefunded, type PaymentNotApplied } from '@toolforge/contracts';
import type { PaymentNotice } from '@toolforge/platform/payments';
import { evolveOrder, type OrderFact, type OrderState } from '../orders/order.js';
import { CommandRejected, type Decided, type Decider } from '../shared/decider.js';
import {
  evolvePayments,
  hasApplied,
  isPaymentFact,
  isRefunded,
  knownPayment,
  owedPayments,
  type OrderPayments,
  type PaymentFact,
} from './orderPayments.js';

/** What the provider reported about an order's payment (its webhook, verified), in the shop's terms. */
export type SettlingNotice = Extract<PaymentNotice, { kind: 'succeeded' | 'failed' }> & { readonly orderId: string };

/** The shop applies what the provider reported to the order it names; `currency` is the shop's (SHOP_CURRENCY). */
export type ApplyPaymentNotice = { type: 'ApplyPaymentNotice'; data: { notice: SettlingNotice; currency: string } };
/** The provider refunded a payment the shop owed back: recorded once per payment. */
export type RecordRefund = { type: 'RecordRefund'; data: { orderId: string; paymentId: string; refundId: string; amountCents: number } };
export type PaymentCommand = ApplyPaymentNotice | RecordRefund;

export type PaymentEvent = Decided<OrderPaid | OrderPaymentFailed | PaymentNotApplied | OrderRefunded>;

/** An order and its money, as the payments are decided on it: the order's stream. */
export interface OrderMoney {
  readonly order: OrderState | undefined;
  readonly payments: OrderPayments | undefined;
}

/**
 * What a notice came to, for the webhook's log: each outcome but the first three appends nothing.
 * - paid: OrderPaid by card; not-applied: PaymentNotApplied (owed back); failed: OrderPaymentFailed;
 * - duplicate: this provider event, or this payment, was applied to the order before;
 * - unknown-order: no such order;
 * - amount-mismatch: money captured for a pending order that is not its total (the reconciliation reports it);
 * - not-pending: a failed attempt reported after the order moved on (paid, cancelled): nothing to say.
 */
export type NoticeOutcome = 'paid' | 'not-applied' | 'failed' | 'duplicate' | 'unknown-order' | 'amount-mismatch' | 'not-pending';

export interface NoticeVerdict {
  readonly outcome: NoticeOutcome;
  readonly events: PaymentEvent[];
}

const NOTHING = (outcome: NoticeOutcome): NoticeVerdict => ({ outcome, events: [] });

/**
 * The shop decides, as the one writer and on the order's own stream, what a provider's report
 * means for the order (docs/payments.md): money of exactly its total pays a pending order; money
 * captured for an order that no longer awaits it is owed back; a failed attempt leaves a pending
 * order pending, with the provider's reason. A report applied before appends nothing.
 */
export function judgeNotice({ notice, currency }: ApplyPaymentNotice['data'], { order, payments }: OrderMoney): NoticeVerdict {
  if (!order) return NOTHING('unknown-order');
  const { orderId, paymentId, eventId: providerEventId } = notice;
  if (hasApplied(payments, providerEventId)) return NOTHING('duplicate');
  if (notice.kind === 'failed') {
    if (order.status !== 'pending') return NOTHING('not-pending');
    return {
      outcome: 'failed',
      events: [{ type: 'OrderPaymentFailed', data: { orderId, paymentId, reason: notice.reason, providerEventId } }],
    };
  }
  // The same payment reported by another of the provider's events: it was applied once already.
  if (knownPayment(payments, paymentId)) return NOTHING('duplicate');
  const { amountCents } = notice;
  if (order.status === 'pending') {
    if (amountCents !== order.totalCostCents || notice.currency !== currency) return NOTHING('amount-mismatch');
    return {
      outcome: 'paid',
      events: [{ type: 'OrderPaid', data: { orderId, payment: { method: 'card', paymentId, amountCents, providerEventId } } }],
    };
  }
  const because = order.status === 'cancelled' ? 'order-cancelled' : 'already-paid';
  return {
    outcome: 'not-applied',
    events: [{ type: 'PaymentNotApplied', data: { orderId, paymentId, amountCents, because, providerEventId } }],
  };
}

/**
 * A refund the provider made is recorded once per payment, and only of a payment the order owes
 * back: the refunder's retry of a refund already recorded appends nothing.
 */
export function decideRefund(
  { orderId, paymentId, refundId, amountCents }: RecordRefund['data'],
  { order, payments }: OrderMoney,
): PaymentEvent[] {
  if (!order) throw new CommandRejected('not-found', `order ${orderId} is unknown`);
  if (isRefunded(payments, paymentId)) return [];
  const owed = owedPayments(payments, order.status === 'cancelled').some((payment) => payment.paymentId === paymentId);
  if (!owed) throw new CommandRejected('conflict', `payment ${paymentId} of order ${orderId} is not owed back`);
  return [{ type: 'OrderRefunded', data: { orderId, paymentId, refundId, amountCents } }];
}

export function decidePayment(command: PaymentCommand, state: OrderMoney): PaymentEvent[] {
  return command.type === 'ApplyPaymentNotice' ? judgeNotice(command.data, state).events : decideRefund(command.data, state);
}

/** What an order's stream holds: its life's events and its money's (OrderPaid is both). */
export type OrderMoneyFact = OrderFact | PaymentFact;

/** An order and its money after `fact`: the order's stream folded, as the write model keeps it in two parts. */
export function evolveOrderMoney(state: OrderMoney, fact: OrderMoneyFact): OrderMoney {
  return {
    order: isOrderEvent(fact) ? evolveOrder(state.order, fact as OrderFact) : state.order,
    payments: isPaymentFact(fact) ? evolvePayments(state.payments, fact) : state.payments,
  };
}

/** An order's money after it is placed: decided on its own stream's order and payments. */
export const paymentDecider: Decider<OrderMoney, PaymentCommand, PaymentEvent, OrderMoneyFact> = {
  decide: decidePayment,
  evolve: evolveOrderMoney,
  initialState: () => ({ order: undefined, payments: undefined }),
};
