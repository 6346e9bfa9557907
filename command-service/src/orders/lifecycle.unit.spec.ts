import { describe, it } from 'vitest';
import { EXPIRED_REASON, messages, paymentMessages, type OrderStatus } from '@toolforge/contracts';
import { orderLine, orderPlacedOf, productAdded } from '@toolforge/contracts/testing';
import { cancelledOrder, deciderSpec, fact, placedOrder } from '../test/deciderSpec.js';
import {
  NOT_DUE_YET,
  orderLifecycleDecider,
  type MarkableStatus,
  type OrderLifecycleCommand,
  type OrderLifecycleEvent,
} from './lifecycle.js';
import type { OrderFact } from './order.js';

// An order after it is placed is decided on its own stream: the Given events are the order's history.
const spec = deciderSpec(orderLifecycleDecider);

const PLACED_AT = Date.parse('2026-01-01T00:00:00.000Z');
const TTL = 30 * 60_000;

const placed = placedOrder({ orderId: 'o1', userId: 'u1', quantity: 7, totalCostCents: 12_350 });
const paid = fact({
  type: 'OrderPaid',
  data: { orderId: 'o1', payment: { method: 'offline', reference: 'TRANSFER-1', amountCents: 12_350 } },
} as const);
const shipped = fact({ type: 'OrderShipped', data: { orderId: 'o1' } } as const);
const delivered = fact({ type: 'OrderDelivered', data: { orderId: 'o1' } } as const);
const cancelledBefore = cancelledOrder({ orderId: 'o1', userId: 'u1', quantity: 7 });

/** The order's history up to each status. */
const historyAt: Record<OrderStatus, OrderFact[]> = {
  pending: [placed],
  paid: [placed, paid],
  shipped: [placed, paid, shipped],
  delivered: [placed, paid, shipped, delivered],
  cancelled: [placed, cancelledBefore],
};

/** Paid offline names the bank transfer's reference. */
const mark = (status: MarkableStatus, reference = status === 'paid' ? 'TRANSFER-1' : undefined): OrderLifecycleCommand => ({
  type: 'MarkOrder',
  data: { orderId: 'o1', status, reference },
});
const cancel = (caller: string, callerIsAdmin: boolean, reason = ''): OrderLifecycleCommand => ({
  type: 'CancelOrder',
  data: { orderId: 'o1', caller, callerIsAdmin, reason },
});
const expire = (now: number): OrderLifecycleCommand => ({ type: 'ExpireOrder', data: { orderId: 'o1', now, ttlMs: TTL } });
/** The cancellation that gives the order's 7 back to p1. */
const cancelled = (reason: string, by: 'customer' | 'admin' | null): OrderLifecycleEvent => ({
  type: 'OrderCancelled',
  data: { orderId: 'o1', userId: 'u1', lines: [{ productId: 'p1', quantity: 7 }], reason, by },
});

describe('order lifecycle decider: an admin moves an order on', () => {
  it('marks a pending order paid offline, with the transfer’s reference and the order’s total', () => {
    spec
      .given([placed])
      .when(mark('paid'))
      .then([{ type: 'OrderPaid', data: { orderId: 'o1', payment: { method: 'offline', reference: 'TRANSFER-1', amountCents: 12_350 } } }]);
  });

  it('refuses to mark an order paid without a reference: card payments are the provider’s', () => {
    spec.given([placed]).when(mark('paid', '')).thenRejects('bad-request', paymentMessages.referenceRequired);
  });

  it.each([
    ['paid', 'shipped', 'OrderShipped'],
    ['shipped', 'delivered', 'OrderDelivered'],
  ] as const)('moves a %s order to %s (%s)', (from, to, type) => {
    spec
      .given(historyAt[from])
      .when(mark(to))
      .then([{ type, data: { orderId: 'o1' } }]);
  });

  it.each([
    ['pending', 'shipped'],
    ['pending', 'delivered'],
    ['paid', 'paid'],
    ['paid', 'delivered'],
    ['shipped', 'paid'],
    ['shipped', 'shipped'],
    ['delivered', 'paid'],
    ['delivered', 'shipped'],
    ['delivered', 'delivered'],
    ['cancelled', 'paid'],
    ['cancelled', 'shipped'],
    ['cancelled', 'delivered'],
  ] as const)('refuses to move a %s order to %s', (from, to) => {
    spec.given(historyAt[from]).when(mark(to)).thenRejects('conflict', messages.orderTransition(from, to));
  });

  it('refuses an order that was never placed', () => {
    spec.given([]).when(mark('paid')).thenRejects('not-found', messages.orderNotFound);
  });
});

describe('order lifecycle decider: cancelling', () => {
  it('lets the customer cancel their pending order, with their reason, giving its quantity back', () => {
    spec
      .given([placed])
      .when(cancel('u1', false, 'changed my mind'))
      .then([cancelled('changed my mind', 'customer')]);
  });

  it.each(['paid', 'shipped', 'delivered', 'cancelled'] as const)('refuses the customer once the order is %s', (status) => {
    spec.given(historyAt[status]).when(cancel('u1', false)).thenRejects('conflict', messages.customerCancelNotPending);
  });

  it.each(['pending', 'paid'] as const)('lets an admin cancel a %s order', (status) => {
    spec
      .given(historyAt[status])
      .when(cancel('admin-uid', true, 'out of stock'))
      .then([cancelled('out of stock', 'admin')]);
  });

  it.each(['shipped', 'delivered', 'cancelled'] as const)('refuses an admin once the order is %s', (status) => {
    spec.given(historyAt[status]).when(cancel('admin-uid', true)).thenRejects('conflict', messages.orderTransition(status, 'cancelled'));
  });

  it('refuses another customer (403), whatever the status', () => {
    spec.given([placed]).when(cancel('u2', false)).thenRejects('forbidden', messages.forbiddenOtherOrder);
    spec.given(historyAt.delivered).when(cancel('u2', false)).thenRejects('forbidden', messages.forbiddenOtherOrder);
  });

  it('lets an admin who placed the order cancel it as its customer while it is pending, as an admin once it is paid', () => {
    spec
      .given([placed])
      .when(cancel('u1', true))
      .then([cancelled('', 'customer')]);
    spec
      .given(historyAt.paid)
      .when(cancel('u1', true))
      .then([cancelled('', 'admin')]);
  });

  it('refuses an order that was never placed', () => {
    spec.given([]).when(cancel('u1', true)).thenRejects('not-found', messages.orderNotFound);
  });
});

describe('order lifecycle decider: the shop expires an unpaid reservation', () => {
  it('cancels a pending order once RESERVATION_TTL has passed since it was placed, as the shop (by null)', () => {
    spec
      .given([placed])
      .when(expire(PLACED_AT + TTL))
      .then([cancelled(EXPIRED_REASON, null)]);
    spec
      .given([placed])
      .when(expire(PLACED_AT + TTL + 60_000))
      .then([cancelled(EXPIRED_REASON, null)]);
  });

  it('leaves an order alone before its time', () => {
    spec
      .given([placed])
      .when(expire(PLACED_AT + TTL - 1))
      .thenRejects('conflict', NOT_DUE_YET);
  });

  it.each(['paid', 'shipped', 'delivered', 'cancelled'] as const)('never expires an order that is %s', (status) => {
    spec
      .given(historyAt[status])
      .when(expire(PLACED_AT + 10 * TTL))
      .thenRejects('conflict', messages.orderTransition(status, 'cancelled'));
  });

  it('refuses an order that was never placed', () => {
    spec
      .given([])
      .when(expire(PLACED_AT + TTL))
      .thenRejects('not-found', messages.orderNotFound);
  });
});

describe('order lifecycle decider: an order of several lines', () => {
  const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 89_99 }).data;
  const saw = productAdded({ productId: 'p-saw', name: 'Panel Saw', priceCents: 24_99 }).data;
  const clamp = productAdded({ productId: 'p-clamp', name: 'Bar Clamp', priceCents: 12_50 }).data;
  const checkedOut = orderPlacedOf(
    [orderLine(drill, 2), orderLine(saw, 4), orderLine(clamp, 6)],
    {
      orderId: 'o1',
      userId: 'u1',
      cartVersion: 3,
    },
    { occurredAt: new Date(PLACED_AT).toISOString() },
  );
  /** What the cancellation gives back: every line's quantity, to its product. */
  const everyLine = [
    { productId: 'p-drill', quantity: 2 },
    { productId: 'p-saw', quantity: 4 },
    { productId: 'p-clamp', quantity: 6 },
  ];

  it('gives every line back when its customer cancels it', () => {
    spec
      .given([checkedOut])
      .when(cancel('u1', false, 'ordered twice'))
      .then([{ type: 'OrderCancelled', data: { orderId: 'o1', userId: 'u1', lines: everyLine, reason: 'ordered twice', by: 'customer' } }]);
  });

  it('gives every line back when an admin cancels it once paid', () => {
    spec
      .given([checkedOut, paid])
      .when(cancel('admin-uid', true, 'out of stock'))
      .then([{ type: 'OrderCancelled', data: { orderId: 'o1', userId: 'u1', lines: everyLine, reason: 'out of stock', by: 'admin' } }]);
  });

  it('gives every line back when its reservation runs out', () => {
    spec
      .given([checkedOut])
      .when(expire(PLACED_AT + TTL))
      .then([{ type: 'OrderCancelled', data: { orderId: 'o1', userId: 'u1', lines: everyLine, reason: EXPIRED_REASON, by: null } }]);
  });
});
