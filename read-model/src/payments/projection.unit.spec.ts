import { describe, expect, it } from 'vitest';
import type { OrderPaid, OrderRefunded } from '@toolforge/contracts';
import {
  orderMoved,
  orderPaidByCard,
  orderPaymentFailed,
  orderPlaced,
  orderRefunded,
  paymentNotApplied,
  productAdded,
} from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { projectOrRefuse } from '../projection.js';
// The sales report follows these events too; its rows are its own spec's (read-model/src/sales).
import { projectedButSales as project } from '../testing/projectedButSales.js';

const product = productAdded({ productId: 'p-1', name: 'Bench Vise 6"', priceCents: 89_50 }).data;
const order = orderPlaced(product, { orderId: 'o-1', userId: 'u-1', quantity: 4 }).data;
const at = (offset: number) => ({ partition: 0, offset });

describe('payments projection', () => {
  it('records how an OrderPaid paid the order, in its own move: a card by the provider’s payment id, offline by its reference', () => {
    expect(project(stored(orderPaidByCard(order), 5))).toEqual([
      {
        kind: 'moveOrder',
        move: {
          orderId: 'o-1',
          status: 'paid',
          paid: true,
          payment: { kind: 'settled', paidWith: 'card', reference: 'pi_o-1' },
          logPosition: at(5),
        },
      },
    ]);
    expect(project(stored(orderMoved(order, 'OrderPaid'), 5))).toMatchObject([
      { move: { payment: { kind: 'settled', paidWith: 'offline', reference: 'TRANSFER-o-1' } } },
    ]);
  });

  it('records an order paid before the shop took payments as paid without saying how', () => {
    const before: OrderPaid = { type: 'OrderPaid', data: { orderId: 'o-1', payment: null }, meta: orderMoved(order, 'OrderPaid').meta };
    expect(project(stored(before, 5))).toMatchObject([
      { move: { status: 'paid', paid: true, payment: { kind: 'settled', paidWith: null, reference: null } } },
    ]);
  });

  it('keeps a failed attempt’s reason on the order, leaving its status as it was', () => {
    expect(project(stored(orderPaymentFailed(order, { reason: 'Your card has insufficient funds.' }), 6))).toEqual([
      {
        kind: 'moveOrder',
        move: {
          orderId: 'o-1',
          status: null,
          paid: false,
          payment: { kind: 'failed', reason: 'Your card has insufficient funds.' },
          logPosition: at(6),
        },
      },
    ]);
  });

  it('projects a payment not applied as a move of the order’s stream that changes nothing of it: its history shows it', () => {
    expect(project(stored(paymentNotApplied(order), 8))).toEqual([
      { kind: 'moveOrder', move: { orderId: 'o-1', status: null, paid: false, logPosition: at(8) } },
    ]);
  });

  it('adds a refund to what was refunded of the order', () => {
    expect(project(stored(orderRefunded(order, { paymentId: 'pi_1', amountCents: 425_90 }), 9))).toEqual([
      {
        kind: 'moveOrder',
        move: { orderId: 'o-1', status: null, paid: false, payment: { kind: 'refunded', amountCents: 425_90 }, logPosition: at(9) },
      },
    ]);
  });

  it.each([-1, 2.5, Number.NaN, 2 ** 53, '100'])('refuses a refund of %s: it would corrupt the sum for good', (amountCents) => {
    const refund = orderRefunded(order, { paymentId: 'pi_1', amountCents: amountCents as number });
    expect(projectOrRefuse(stored(refund, 9))).toMatchObject({ writes: [], refused: expect.stringContaining('no whole number of cents') });
  });

  it('refuses a payment whose texts are no text, or a way of paying this build does not know', () => {
    const hostile = { ...orderPaymentFailed(order), data: { ...orderPaymentFailed(order).data, reason: { $ne: '' } } };
    expect(projectOrRefuse(stored(hostile as unknown as OrderRefunded, 6))).toMatchObject({
      writes: [],
      refused: expect.stringContaining("payment's reason is no text"),
    });
    const bitcoin = { ...orderMoved(order, 'OrderPaid'), data: { orderId: 'o-1', payment: { method: 'bitcoin' } } };
    expect(projectOrRefuse(stored(bitcoin as unknown as OrderPaid, 5))).toMatchObject({
      writes: [],
      refused: expect.stringContaining('no way of paying this build knows ("bitcoin")'),
    });
  });
});
