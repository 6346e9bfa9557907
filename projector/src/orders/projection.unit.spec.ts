import { describe, expect, it } from 'vitest';
import { orderPlaced, productAdded } from '@toolforge/contracts/testing';
import { project } from '../projection.js';
import { stored } from '@toolforge/platform/testing';

describe('orders projection', () => {
  it('records a placed order and reserves its quantity of the product', () => {
    const product = productAdded({ productId: 'p-1', name: 'Bench Vise 6"', priceCents: 89_50 }).data;
    const event = orderPlaced(
      product,
      { orderId: 'o-1', userId: 'u-1', userName: 'Ada', quantity: 4, shippingAddress: '1 Anvil Road' },
      { occurredAt: '2022-06-01T12:00:00.000Z' },
    );
    expect(project(stored(event, 3))).toEqual([
      {
        kind: 'insertOrder',
        order: {
          orderId: 'o-1',
          productId: 'p-1',
          productName: 'Bench Vise 6"',
          userId: 'u-1',
          userName: 'Ada',
          quantity: 4,
          unitPriceCents: 89_50,
          // 358.00 + 5 % (17.90) + 50.00
          totalCostCents: 425_90,
          shippingAddress: '1 Anvil Road',
          status: 'pending',
          payment: false,
          placedAt: '2022-06-01T12:00:00.000Z',
          logPosition: { partition: 0, offset: 3 },
        },
      },
      { kind: 'reserveStock', productId: 'p-1', quantity: 4 },
    ]);
  });
});
