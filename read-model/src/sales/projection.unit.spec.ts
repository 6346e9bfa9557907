import { describe, expect, it } from 'vitest';
import {
  orderLine,
  orderMoved,
  orderPaidByCard,
  orderPlacedOf,
  orderRefunded,
  paymentNotApplied,
  productAdded,
} from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { project } from '../projection.js';
import { projectSalesEvent, type SalesEvent } from './projection.js';

const clamp = productAdded({ productId: 'p-clamp', priceCents: 3_33 });
const file = productAdded({ productId: 'p-file', priceCents: 3_33 });
const order = orderPlacedOf([orderLine(clamp.data, 1), orderLine(file.data, 1), orderLine(clamp.data, 1)], {
  orderId: 'o-1',
  userId: 'u-ada',
});

describe('the sales report’s projection', () => {
  it('records a placed order with its quantity and total, and each line’s share of the total by the largest remainders', () => {
    expect(projectSalesEvent(stored(order, 7))).toEqual([
      {
        kind: 'placeSalesOrder',
        order: {
          orderId: 'o-1',
          userId: 'u-ada',
          placedAt: order.meta.occurredAt,
          status: 'pending',
          quantity: 3,
          totalCents: 60_49,
          offset: 7,
        },
      },
      {
        kind: 'placeSalesLines',
        lines: [
          { orderId: 'o-1', lineNo: 1, productId: 'p-clamp', quantity: 1, shareCents: 20_17 },
          { orderId: 'o-1', lineNo: 2, productId: 'p-file', quantity: 1, shareCents: 20_16 },
          { orderId: 'o-1', lineNo: 3, productId: 'p-clamp', quantity: 1, shareCents: 20_16 },
        ],
      },
    ]);
  });

  it('moves the order to each event’s status, and counts the money captured and refunded', () => {
    const move = (event: SalesEvent) =>
      projectSalesEvent(stored(event, 9)).map((write) => (write.kind === 'moveSalesOrder' ? write.move : write));
    const at = { orderId: 'o-1', offset: 9 };
    expect(move(orderPaidByCard(order.data))).toEqual([{ ...at, status: 'paid', paidCents: 60_49, refundedCents: 0 }]);
    // Marked paid before the shop said how much: its total, which the row knows.
    expect(move({ ...orderPaidByCard(order.data), data: { orderId: 'o-1', payment: null } })).toEqual([
      { ...at, status: 'paid', paidCents: null, refundedCents: 0 },
    ]);
    expect(move(orderMoved(order.data, 'OrderShipped'))).toEqual([{ ...at, status: 'shipped', paidCents: 0, refundedCents: 0 }]);
    expect(move(paymentNotApplied(order.data))).toEqual([{ ...at, status: null, paidCents: 60_49, refundedCents: 0 }]);
    expect(move(orderRefunded(order.data, { paymentId: 'pi_1', amountCents: 60_49 }))).toEqual([
      { ...at, status: null, paidCents: 0, refundedCents: 60_49 },
    ]);
  });

  it('follows the orders’ and payments’ events beside their own projections, whose writes come first', () => {
    const kinds = project(stored(orderPaidByCard(order.data), 9)).map((write) => write.kind);
    expect(kinds[0]).toBe('moveOrder');
    expect(kinds).toContain('moveSalesOrder');
  });

  it('refuses an amount that is no whole number of cents', () => {
    const refund = orderRefunded(order.data, { paymentId: 'pi_1', amountCents: 1.5 });
    expect(() => projectSalesEvent(stored(refund, 9))).toThrow('OrderRefunded moves no whole number of cents (1.5)');
  });
});
