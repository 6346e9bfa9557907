import { describe, expect, it } from 'vitest';
import {
  orderCancelled,
  orderMoved,
  orderPaidByCard,
  orderPaymentFailed,
  orderPlaced,
  orderRefunded,
  paymentNotApplied,
  productAdded,
} from '@toolforge/contracts/testing';
import { deciderSpec } from '../test/deciderSpec.js';
import { evolveOrderMoney, judgeNotice, paymentDecider, type OrderMoneyFact, type PaymentCommand, type SettlingNotice } from './decide.js';

// A payment is decided on the order's own stream: the Given events are the order's history.
const spec = deciderSpec(paymentDecider);

const hammer = productAdded({ productId: 'p1', name: 'Claw Hammer', priceCents: 10_00 }).data;
const placed = orderPlaced(hammer, { orderId: 'o1', userId: 'u1', quantity: 5 });
const order = placed.data;
const TOTAL = order.totalCostCents;

const succeeded = (overrides: Partial<Extract<SettlingNotice, { kind: 'succeeded' }>> = {}): PaymentCommand => ({
  type: 'ApplyPaymentNotice',
  data: {
    notice: { kind: 'succeeded', eventId: 'evt_paid', orderId: 'o1', paymentId: 'pi_1', amountCents: TOTAL, currency: 'usd', ...overrides },
    currency: 'usd',
  },
});
const failed = (overrides: Partial<Extract<SettlingNotice, { kind: 'failed' }>> = {}): PaymentCommand => ({
  type: 'ApplyPaymentNotice',
  data: {
    notice: { kind: 'failed', eventId: 'evt_failed', orderId: 'o1', paymentId: 'pi_1', reason: 'Your card was declined.', ...overrides },
    currency: 'usd',
  },
});
const recordRefund = (paymentId: string, amountCents = TOTAL): PaymentCommand => ({
  type: 'RecordRefund',
  data: { orderId: 'o1', paymentId, refundId: `re_${paymentId}`, amountCents },
});

const paidByCard = orderPaidByCard(order, { paymentId: 'pi_1', providerEventId: 'evt_paid' });
const cancelled = orderCancelled(order, { by: 'admin' });
const expired = orderCancelled(order, { reason: 'expired', by: null });

describe('payments decider: a payment the provider captured', () => {
  it('pays a pending order of exactly its total: OrderPaid by card, with the payment’s and the event’s ids', () => {
    spec
      .given([placed])
      .when(succeeded())
      .then([
        {
          type: 'OrderPaid',
          data: { orderId: 'o1', payment: { method: 'card', paymentId: 'pi_1', amountCents: TOTAL, providerEventId: 'evt_paid' } },
        },
      ]);
  });

  it('pays an order whose earlier attempt failed', () => {
    spec
      .given([placed, orderPaymentFailed(order, { paymentId: 'pi_0', providerEventId: 'evt_failed_0' })])
      .when(succeeded())
      .then([expect.objectContaining({ type: 'OrderPaid' })]);
  });

  it.each([
    ['a cent short', { amountCents: TOTAL - 1 }],
    ['a cent over', { amountCents: TOTAL + 1 }],
    ['another currency', { currency: 'eur' }],
  ])('appends nothing for money that is not the order’s total (%s): the reconciliation reports it', (_, overrides) => {
    spec.given([placed]).when(succeeded(overrides)).then([]);
    expect(judgeNotice(noticeOf(succeeded(overrides)), { order: stateOf([placed]), payments: undefined }).outcome).toBe('amount-mismatch');
  });

  it.each([
    ['cancelled', cancelled],
    ['expired', expired],
  ])('owes back a payment for an order %s meanwhile: PaymentNotApplied, order-cancelled', (_, cancellation) => {
    spec
      .given([placed, cancellation])
      .when(succeeded({ eventId: 'evt_late', paymentId: 'pi_late' }))
      .then([
        {
          type: 'PaymentNotApplied',
          data: { orderId: 'o1', paymentId: 'pi_late', amountCents: TOTAL, because: 'order-cancelled', providerEventId: 'evt_late' },
        },
      ]);
  });

  it('owes back what was captured for a cancelled order, whatever the amount', () => {
    spec
      .given([placed, cancelled])
      .when(succeeded({ eventId: 'evt_late', paymentId: 'pi_late', amountCents: 7 }))
      .then([expect.objectContaining({ type: 'PaymentNotApplied', data: expect.objectContaining({ amountCents: 7 }) })]);
  });

  it.each([
    ['by card', [placed, paidByCard]],
    ['offline', [placed, orderMoved(order, 'OrderPaid')]],
    ['and shipped', [placed, paidByCard, orderMoved(order, 'OrderShipped')]],
    ['and delivered', [placed, paidByCard, orderMoved(order, 'OrderShipped'), orderMoved(order, 'OrderDelivered')]],
  ] as [string, OrderMoneyFact[]][])(
    'owes back a second payment of an order already paid %s: PaymentNotApplied, already-paid',
    (_, history) => {
      spec
        .given(history)
        .when(succeeded({ eventId: 'evt_second', paymentId: 'pi_second' }))
        .then([
          {
            type: 'PaymentNotApplied',
            data: { orderId: 'o1', paymentId: 'pi_second', amountCents: TOTAL, because: 'already-paid', providerEventId: 'evt_second' },
          },
        ]);
    },
  );

  it('appends nothing for a provider event applied before, nor for the same payment reported by another event', () => {
    spec.given([placed, paidByCard]).when(succeeded()).then([]);
    spec
      .given([placed, paidByCard])
      .when(succeeded({ eventId: 'evt_other' }))
      .then([]);
    const late = paymentNotApplied(order, { paymentId: 'pi_late', providerEventId: 'evt_late' });
    spec
      .given([placed, cancelled, late])
      .when(succeeded({ eventId: 'evt_late', paymentId: 'pi_late' }))
      .then([]);
    spec
      .given([placed, cancelled, late])
      .when(succeeded({ eventId: 'evt_again', paymentId: 'pi_late' }))
      .then([]);
    expect(
      judgeNotice(noticeOf(succeeded()), { order: stateOf([placed, paidByCard]), payments: paymentsOf([placed, paidByCard]) }),
    ).toEqual({
      outcome: 'duplicate',
      events: [],
    });
  });

  it('appends nothing for an order it does not know', () => {
    spec.given([]).when(succeeded()).then([]);
    expect(judgeNotice(noticeOf(succeeded()), { order: undefined, payments: undefined }).outcome).toBe('unknown-order');
  });
});

describe('payments decider: an attempt that failed', () => {
  it('records the provider’s reason on a pending order, which stays pending', () => {
    spec
      .given([placed])
      .when(failed())
      .then([
        {
          type: 'OrderPaymentFailed',
          data: { orderId: 'o1', paymentId: 'pi_1', reason: 'Your card was declined.', providerEventId: 'evt_failed' },
        },
      ]);
  });

  it('records each failed attempt once', () => {
    const first = orderPaymentFailed(order, { paymentId: 'pi_1', providerEventId: 'evt_failed' });
    spec.given([placed, first]).when(failed()).then([]);
    spec
      .given([placed, first])
      .when(failed({ eventId: 'evt_failed_2', reason: 'Your card has insufficient funds.' }))
      .then([
        expect.objectContaining({
          type: 'OrderPaymentFailed',
          data: expect.objectContaining({ reason: 'Your card has insufficient funds.' }),
        }),
      ]);
  });

  it.each([
    ['paid', [placed, paidByCard]],
    ['cancelled', [placed, cancelled]],
  ] as [string, OrderMoneyFact[]][])('appends nothing once the order is %s: the order moved on', (_, history) => {
    spec
      .given(history)
      .when(failed({ eventId: 'evt_failed_late', paymentId: 'pi_9' }))
      .then([]);
  });

  it('appends nothing for an order it does not know', () => {
    spec.given([]).when(failed()).then([]);
  });
});

describe('payments decider: recording a refund', () => {
  it('records the refund of a payment not applied, once', () => {
    const late = paymentNotApplied(order, { paymentId: 'pi_late', providerEventId: 'evt_late' });
    spec
      .given([placed, cancelled, late])
      .when(recordRefund('pi_late'))
      .then([{ type: 'OrderRefunded', data: { orderId: 'o1', paymentId: 'pi_late', refundId: 're_pi_late', amountCents: TOTAL } }]);
    spec
      .given([placed, cancelled, late, orderRefunded(order, { paymentId: 'pi_late', amountCents: TOTAL })])
      .when(recordRefund('pi_late'))
      .then([]);
  });

  it('records the refund of the card payment of an order cancelled after it was paid', () => {
    spec
      .given([placed, paidByCard, cancelled])
      .when(recordRefund('pi_1'))
      .then([{ type: 'OrderRefunded', data: { orderId: 'o1', paymentId: 'pi_1', refundId: 're_pi_1', amountCents: TOTAL } }]);
  });

  it('refuses a refund of a payment the shop does not owe back: an order still paid, or a payment it never had', () => {
    spec.given([placed, paidByCard]).when(recordRefund('pi_1')).thenRejects('conflict', 'payment pi_1 of order o1 is not owed back');
    spec.given([placed, cancelled]).when(recordRefund('pi_nope')).thenRejects('conflict', 'payment pi_nope of order o1 is not owed back');
    spec.given([]).when(recordRefund('pi_1')).thenRejects('not-found', 'order o1 is unknown');
  });
});

function stateOf(history: OrderMoneyFact[]) {
  return history.reduce(evolveOrderMoney, paymentDecider.initialState()).order;
}

function paymentsOf(history: OrderMoneyFact[]) {
  return history.reduce(evolveOrderMoney, paymentDecider.initialState()).payments;
}

function noticeOf(command: PaymentCommand) {
  if (command.type !== 'ApplyPaymentNotice') throw new Error('not a notice');
  return command.data;
}
