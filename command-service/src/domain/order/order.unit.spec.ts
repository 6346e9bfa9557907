import { describe, expect, it } from 'vitest';
import { messages, type OrderPlaced, type ProductEvent } from '@toolforge/contracts';
import { deciderSpec, fact } from '../../test/deciderSpec.js';
import { evolveProduct, type ProductState } from '../product/product.js';
import { decideOrder, type PlaceOrder } from './decide.js';

// An order is decided on the product's state: the Given events are the product's history.
const spec = deciderSpec<ProductState | undefined, ProductEvent | OrderPlaced, PlaceOrder>({
  evolve: evolveProduct,
  initial: undefined,
  decide: (command, product) => decideOrder(command, { order: undefined, product }),
});

const productAdded = fact({
  type: 'ProductAdded',
  data: {
    productId: 'p1',
    name: 'Claw Hammer',
    category: 'hand-tool',
    model: 'CH-16',
    imageUrl: '/images/products/claw-hammer.svg',
    priceCents: 1000,
    stock: 30,
    minOrder: 5,
    description: 'Forged steel head with a fibreglass handle.',
  },
} as const);

const placed = (quantity: number, orderId = 'o0') =>
  fact({
    type: 'OrderPlaced',
    data: {
      orderId,
      productId: 'p1',
      productName: 'Claw Hammer',
      userId: 'u1',
      userName: 'Ada',
      quantity,
      unitPriceCents: 1000,
      totalCostCents: 0,
      shippingAddress: '1 Forge Lane',
      status: 'pending',
      payment: false,
    },
  } as const);

/** 10 x 10.00 = 100.00, + 5.00, + 50.00 */
const placeTen = (clientTotalCents = 155_00): PlaceOrder => ({
  type: 'PlaceOrder',
  data: { orderId: 'o1', productId: 'p1', userId: 'u1', userName: 'Ada', quantity: 10, shippingAddress: '1 Forge Lane', clientTotalCents },
});

describe('order decider', () => {
  it('places an order at the server’s total, pending and unpaid', () => {
    spec
      .given([productAdded])
      .when(placeTen())
      .then([
        {
          type: 'OrderPlaced',
          data: {
            orderId: 'o1',
            productId: 'p1',
            productName: 'Claw Hammer',
            userId: 'u1',
            userName: 'Ada',
            quantity: 10,
            unitPriceCents: 1000,
            totalCostCents: 155_00,
            shippingAddress: '1 Forge Lane',
            status: 'pending',
            payment: false,
          },
        },
      ]);
  });

  it('refuses a total that is not the server’s', () => {
    spec.given([productAdded]).when(placeTen(100_00)).thenRejects('conflict', messages.totalCostMismatch('155.00'));
  });

  it('refuses fewer than the minimum order', () => {
    spec
      .given([productAdded])
      .when({ ...placeTen(), data: { ...placeTen().data, quantity: 4, clientTotalCents: 4 * 1000 + 200 + 5000 } })
      .thenRejects('conflict', 'Minimum order quantity is 5');
  });

  it('refuses more than the stock available now, counting earlier orders', () => {
    spec.given([productAdded, placed(25)]).when(placeTen()).thenRejects('conflict', 'Maximum order quantity is 5');
  });

  it('allows exactly the stock that is left', () => {
    const rest = { ...placeTen(), data: { ...placeTen().data, quantity: 5, clientTotalCents: 5000 + 250 + 5000 } };
    spec.given([productAdded, placed(25)]).when(rest).then([
      expect.objectContaining({ type: 'OrderPlaced', data: expect.objectContaining({ quantity: 5 }) }),
    ]);
  });

  it('refuses an unknown product', () => {
    spec.given([]).when(placeTen()).thenRejects('not-found', messages.productNotFound);
  });

  it('refuses a deleted product', () => {
    spec
      .given([productAdded, fact({ type: 'ProductDeleted', data: { productId: 'p1' } } as const)])
      .when(placeTen())
      .thenRejects('conflict', messages.productUnavailable);
  });
});
