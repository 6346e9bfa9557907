import { describe, expect, it } from 'vitest';
import {
  customerForgotten,
  orderCancelled,
  orderLine,
  orderMoved,
  orderPlaced,
  orderPlacedOf,
  productAdded,
} from '@toolforge/contracts/testing';
import { projectOrRefuse } from '../projection.js';
// The sales report follows these events too; its rows are its own spec's (read-model/src/sales).
import { projectedButSales as project } from '../testing/projectedButSales.js';
import { projectOrderEvent } from './projection.js';
import { stored } from '@toolforge/platform/testing';

describe('orders projection', () => {
  it('records a placed order with its one line and reserves its quantity of the product', () => {
    const product = productAdded({ productId: 'p-1', name: 'Bench Vise 6"', priceCents: 89_50 }).data;
    const event = orderPlaced(
      product,
      { orderId: 'o-1', userId: 'u-1', userName: 'Ada', quantity: 4, shippingAddress: '1 Anvil Road' },
      { occurredAt: '2022-06-01T12:00:00.000Z' },
    );
    // The orders' own writes: the stock history follows the event too (stockHistory/projection.ts).
    expect(projectOrderEvent(stored(event, 3))).toEqual([
      {
        kind: 'insertOrder',
        order: {
          orderId: 'o-1',
          productId: 'p-1',
          productName: 'Bench Vise 6"',
          userId: 'u-1',
          userName: 'Ada',
          quantity: 4,
          // 358.00 + 5 % (17.90) + 50.00
          totalCostCents: 425_90,
          shippingAddress: '1 Anvil Road',
          status: 'pending',
          payment: false,
          placedAt: '2022-06-01T12:00:00.000Z',
          lines: [{ productId: 'p-1', productName: 'Bench Vise 6"', quantity: 4, unitPriceCents: 89_50, lineTotalCents: 358_00 }],
          logPosition: { partition: 0, offset: 3 },
        },
      },
      { kind: 'reserveStock', productId: 'p-1', quantity: 4 },
    ]);
  });

  it('records an order of three lines under its first line’s product and their quantities together, each line reserving its own', () => {
    const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise 6"', priceCents: 89_50 }).data;
    const drill = productAdded({
      productId: 'p-drill',
      name: 'Cordless Drill',
      priceCents: 129_00,
      priceTiers: [{ minQuantity: 10, unitPriceCents: 119_00 }],
    }).data;
    const saw = productAdded({ productId: 'p-saw', name: 'Hand Saw', priceCents: 24_99 }).data;
    const lines = [orderLine(vise, 2), orderLine(drill, 10), orderLine(saw, 1)];
    const event = orderPlacedOf(lines, { orderId: 'o-3', userId: 'u-1' });
    const [insert, ...reservations] = projectOrderEvent(stored(event, 4));
    expect(insert).toMatchObject({
      kind: 'insertOrder',
      order: {
        orderId: 'o-3',
        productId: 'p-vise',
        productName: 'Bench Vise 6"',
        quantity: 13,
        // 179.00 + 1190.00 (the drill's tier) + 24.99 = 1393.99, + 5 % (69.70) + 50.00
        totalCostCents: 1513_69,
        lines: [
          { productId: 'p-vise', productName: 'Bench Vise 6"', quantity: 2, unitPriceCents: 89_50, lineTotalCents: 179_00 },
          { productId: 'p-drill', productName: 'Cordless Drill', quantity: 10, unitPriceCents: 119_00, lineTotalCents: 1190_00 },
          { productId: 'p-saw', productName: 'Hand Saw', quantity: 1, unitPriceCents: 24_99, lineTotalCents: 24_99 },
        ],
      },
    });
    expect(reservations).toEqual([
      { kind: 'reserveStock', productId: 'p-vise', quantity: 2 },
      { kind: 'reserveStock', productId: 'p-drill', quantity: 10 },
      { kind: 'reserveStock', productId: 'p-saw', quantity: 1 },
    ]);

    expect(projectOrderEvent(stored(orderCancelled(event.data, { by: 'admin', reason: 'out of stock' }), 9)).slice(1)).toEqual([
      { kind: 'reserveStock', productId: 'p-vise', quantity: -2 },
      { kind: 'reserveStock', productId: 'p-drill', quantity: -10 },
      { kind: 'reserveStock', productId: 'p-saw', quantity: -1 },
    ]);
  });
});

describe('orders projection of an order’s later events', () => {
  const product = productAdded({ productId: 'p-1', name: 'Bench Vise 6"', priceCents: 89_50 }).data;
  const order = orderPlaced(product, { orderId: 'o-1', userId: 'u-1', quantity: 4 }).data;

  it('moves the order on from each event, recording the payment (and how: payments/) with OrderPaid only, and where the event sits', () => {
    // The order's stream sits in partition 2 of its topic.
    const moved = (type: 'OrderPaid' | 'OrderShipped' | 'OrderDelivered', offset: number) => {
      const event = stored(orderMoved(order, type), offset, 2);
      return project({ ...event, position: { ...event.position, partition: 2 } });
    };
    expect(moved('OrderPaid', 5)).toEqual([
      {
        kind: 'moveOrder',
        move: {
          orderId: 'o-1',
          status: 'paid',
          paid: true,
          payment: { kind: 'settled', paidWith: 'offline', reference: 'TRANSFER-o-1' },
          logPosition: { partition: 2, offset: 5 },
        },
      },
    ]);
    expect(moved('OrderShipped', 9)).toEqual([
      { kind: 'moveOrder', move: { orderId: 'o-1', status: 'shipped', paid: false, logPosition: { partition: 2, offset: 9 } } },
    ]);
    expect(moved('OrderDelivered', 12)).toEqual([
      { kind: 'moveOrder', move: { orderId: 'o-1', status: 'delivered', paid: false, logPosition: { partition: 2, offset: 12 } } },
    ]);
  });

  it('cancels the order and gives its quantity back to the product’s reservations, whoever cancelled it', () => {
    for (const by of ['customer', 'admin', null] as const) {
      expect(projectOrderEvent(stored(orderCancelled(order, { reason: by ? 'changed my mind' : 'expired', by }), 7))).toEqual([
        { kind: 'moveOrder', move: { orderId: 'o-1', status: 'cancelled', paid: false, logPosition: { partition: 0, offset: 7 } } },
        { kind: 'reserveStock', productId: 'p-1', quantity: -4 },
      ]);
    }
  });

  it('refuses a cancellation that gives back no whole quantity: it would corrupt the product’s reservations', () => {
    for (const quantity of [0, -2, 1.5, Number.NaN]) {
      const event = orderCancelled({
        ...order,
        lines: [
          { productId: 'p-2', quantity: 1 },
          { productId: 'p-1', quantity },
        ],
      });
      expect(projectOrRefuse(stored(event, 7))).toMatchObject({
        writes: [],
        refused: expect.stringContaining('OrderCancelled gives back no whole quantity'),
      });
    }
  });

  it('forgets an erased customer on their account’s row, their orders, the dead letters and their reviews, in the one event’s transaction', () => {
    expect(project(stored(customerForgotten('u-1'), 9, 5))).toEqual([
      { kind: 'forgetUser', uid: 'u-1', version: 5 },
      { kind: 'forgetCustomerOrders', userId: 'u-1' },
      { kind: 'forgetDeadLetters', uid: 'u-1' },
      { kind: 'forgetReviewer', userId: 'u-1' },
    ]);
  });
});
