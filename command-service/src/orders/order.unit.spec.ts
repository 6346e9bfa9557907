import { describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { deciderSpec, fact, placedOrder } from '../test/deciderSpec.js';
import { orderDecider, type PlaceOrder } from './decide.js';

// An order is decided on the product's state: the Given events are the product's history.
const spec = deciderSpec(orderDecider);

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

/** An earlier order, by default another customer's. */
const placed = (quantity: number, orderId = 'o0', userId = 'u0') => placedOrder({ orderId, userId, quantity });

/** 10 x 10.00 = 100.00, + 5.00, + 50.00 */
const placeTen = (clientTotalCents = 155_00, customer: { customerVerified?: boolean; unverifiedHeld?: number } = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  data: {
    orderId: 'o1',
    productId: 'p1',
    userId: 'u1',
    userName: 'Ada',
    quantity: 10,
    shippingAddress: '1 Forge Lane',
    clientTotalCents,
    customerVerified: customer.customerVerified ?? true,
    unverifiedHeld: customer.unverifiedHeld ?? 0,
  },
});

/** 5 x 10.00 = 50.00, + 2.50, + 50.00: the minimum order, by a customer who has not verified their address. */
const placeFiveUnverified = (unverifiedHeld: number): PlaceOrder => ({
  type: 'PlaceOrder',
  data: { ...placeTen().data, quantity: 5, clientTotalCents: 102_50, customerVerified: false, unverifiedHeld },
});

describe('order decider', () => {
  it('lets unverified accounts together hold at most a fifth of the stock unpaid: two fresh accounts cannot empty a product', () => {
    // Stock 30: unverified accounts may hold 6 together; one has 0, 5 fit.
    spec
      .given([productAdded])
      .when(placeFiveUnverified(0))
      .then([expect.objectContaining({ type: 'OrderPlaced' })]);
    // Another unverified account's 5 already held: 1 left, under the minimum order.
    spec
      .given([productAdded, placed(5)])
      .when(placeFiveUnverified(5))
      .thenRejects('conflict', messages.verifyEmailToOrderMore(1));
    // Ten by an unverified account is past the share, and says so.
    spec
      .given([productAdded])
      .when(placeTen(155_00, { customerVerified: false }))
      .thenRejects('conflict', messages.verifyEmailToOrderMore(6));
    // A verified customer is bound only by the per-customer share and the stock.
    spec
      .given([productAdded, placed(5)])
      .when(placeTen(155_00, { unverifiedHeld: 5 }))
      .then([expect.objectContaining({ type: 'OrderPlaced' })]);
  });

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

  it('takes a total a cent away (a client rounding its floating-point total the other way), and records its own', () => {
    spec
      .given([productAdded])
      .when(placeTen(155_01))
      .then([expect.objectContaining({ type: 'OrderPlaced', data: expect.objectContaining({ totalCostCents: 155_00 }) })]);
    spec.given([productAdded]).when(placeTen(155_02)).thenRejects('conflict', messages.totalCostMismatch('155.00'));
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
    spec
      .given([productAdded, placed(25)])
      .when(placeTen())
      .thenRejects('conflict', 'Maximum order quantity is 5');
  });

  it('allows exactly the stock that is left', () => {
    const rest = { ...placeTen(), data: { ...placeTen().data, quantity: 5, clientTotalCents: 5000 + 250 + 5000 } };
    spec
      .given([productAdded, placed(25)])
      .when(rest)
      .then([expect.objectContaining({ type: 'OrderPlaced', data: expect.objectContaining({ quantity: 5 }) })]);
  });

  it('lets one customer’s open orders hold at most half of the stock', () => {
    spec
      .given([productAdded, placed(10, 'o0', 'u1')])
      .when(placeTen())
      .thenRejects('conflict', 'Maximum order quantity is 5');
    const five = { ...placeTen(), data: { ...placeTen().data, quantity: 5, clientTotalCents: 5000 + 250 + 5000 } };
    spec
      .given([productAdded, placed(10, 'o0', 'u1')])
      .when(five)
      .then([expect.objectContaining({ type: 'OrderPlaced', data: expect.objectContaining({ userId: 'u1', quantity: 5 }) })]);
  });

  it('never lets a customer hold less than the minimum order', () => {
    const scarce = fact({ ...productAdded, data: { ...productAdded.data, stock: 6, minOrder: 5 } });
    const placeFive = { ...placeTen(), data: { ...placeTen().data, quantity: 5, clientTotalCents: 5000 + 250 + 5000 } };
    spec
      .given([scarce])
      .when(placeFive)
      .then([expect.objectContaining({ type: 'OrderPlaced' })]);
  });

  it('answers a quantity of 0 with the minimum order', () => {
    const none = { ...placeTen(), data: { ...placeTen().data, quantity: 0, clientTotalCents: 5000 } };
    spec.given([productAdded]).when(none).thenRejects('conflict', 'Minimum order quantity is 5');
  });

  it('refuses an unknown product', () => {
    spec.given([]).when(placeTen()).thenRejects('not-found', messages.productNotFound);
  });

  it('releases a customer’s hold when their order is paid: the half of the stock is theirs to order again', () => {
    const paid = fact({ type: 'OrderPaid', data: { orderId: 'o0' } } as const);
    spec
      .given([productAdded, placed(10, 'o0', 'u1'), paid])
      .when(placeTen())
      .then([expect.objectContaining({ type: 'OrderPlaced', data: expect.objectContaining({ userId: 'u1', quantity: 10 }) })]);
  });

  it('gives a cancelled order’s stock back and releases its hold', () => {
    const cancelled = fact({
      type: 'OrderCancelled',
      data: { orderId: 'o0', productId: 'p1', userId: 'u1', quantity: 15, reason: '', by: 'customer' },
    } as const);
    const other = placed(15, 'o2', 'u2');
    // Without the cancellation 30 - 15 - 15 = 0 are left.
    spec
      .given([productAdded, placed(15, 'o0', 'u1'), other])
      .when(placeTen())
      .thenRejects('conflict', 'Maximum order quantity is 0');
    spec
      .given([productAdded, placed(15, 'o0', 'u1'), other, cancelled])
      .when(placeTen())
      .then([expect.objectContaining({ type: 'OrderPlaced' })]);
  });

  it('bounds a customer by half of the stock on hand after restocks and write-offs', () => {
    const adjusted = (delta: number) => fact({ type: 'StockAdjusted', data: { productId: 'p1', delta, reason: 'restock' } } as const);
    // 30 + 10 on hand: 20 may be held by one customer, who holds 10 already.
    spec
      .given([productAdded, adjusted(10), placed(10, 'o0', 'u1')])
      .when(placeTen())
      .then([expect.objectContaining({ type: 'OrderPlaced' })]);
    // 30 - 10 on hand: 10 may be held, all of which u1 holds.
    spec
      .given([productAdded, adjusted(-10), placed(5, 'o0', 'u1')])
      .when(placeTen())
      .thenRejects('conflict', 'Maximum order quantity is 5');
  });

  it('orders at the price and minimum an admin edited', () => {
    const edited = fact({ type: 'ProductUpdated', data: { productId: 'p1', changes: { priceCents: 500, minOrder: 11 } } } as const);
    spec.given([productAdded, edited]).when(placeTen()).thenRejects('conflict', 'Minimum order quantity is 11');
    const atNewPrice = { ...placeTen(), data: { ...placeTen().data, quantity: 11, clientTotalCents: 11 * 500 + 275 + 5000 } };
    spec
      .given([productAdded, edited])
      .when(atNewPrice)
      .then([expect.objectContaining({ data: expect.objectContaining({ unitPriceCents: 500, totalCostCents: 10_775 }) })]);
  });

  it('refuses a deleted product', () => {
    spec
      .given([productAdded, fact({ type: 'ProductDeleted', data: { productId: 'p1' } } as const)])
      .when(placeTen())
      .thenRejects('conflict', messages.productUnavailable);
  });
});
