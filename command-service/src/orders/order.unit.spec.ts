import { describe, expect, it } from 'vitest';
import { messages, pricingMessages, type OrderLine, type OrderPlaced } from '@toolforge/contracts';
import { cancelledOrder, deciderSpec, fact, placedOrder } from '../test/deciderSpec.js';
import type { Decided } from '../shared/decider.js';
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
    priceTiers: [],
    packSize: 1,
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

/** Then: one order placed, its one line and its data as far as they are given. */
const placedWith = (line: Partial<OrderLine>, data: Partial<OrderPlaced['data']> = {}): Decided[] => [
  expect.objectContaining({
    type: 'OrderPlaced',
    data: expect.objectContaining({ ...data, lines: [expect.objectContaining(line)] }),
  }) as Decided,
];

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
            userId: 'u1',
            userName: 'Ada',
            lines: [{ productId: 'p1', productName: 'Claw Hammer', quantity: 10, unitPriceCents: 1000, lineTotalCents: 100_00 }],
            subtotalCents: 100_00,
            totalCostCents: 155_00,
            shippingAddress: '1 Forge Lane',
            status: 'pending',
            payment: false,
            cartVersion: null,
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
      .then(placedWith({ quantity: 5 }));
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
      .then(placedWith({ quantity: 5 }, { userId: 'u1' }));
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
    const paid = fact({ type: 'OrderPaid', data: { orderId: 'o0', payment: null } } as const);
    spec
      .given([productAdded, placed(10, 'o0', 'u1'), paid])
      .when(placeTen())
      .then(placedWith({ quantity: 10 }, { userId: 'u1' }));
  });

  it('gives a cancelled order’s stock back and releases its hold', () => {
    const cancelled = cancelledOrder({ orderId: 'o0', userId: 'u1', quantity: 15 });
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
      .then(placedWith({ unitPriceCents: 500 }, { totalCostCents: 10_775 }));
  });

  it('refuses a deleted product', () => {
    spec
      .given([productAdded, fact({ type: 'ProductDeleted', data: { productId: 'p1' } } as const)])
      .when(placeTen())
      .thenRejects('conflict', messages.productUnavailable);
  });
});

describe('order decider: the quantity ladder and the pack size', () => {
  /** 100 in stock, 10.00 each, 9.00 each from 10, 8.00 each from 20. */
  const laddered = fact({
    ...productAdded,
    data: {
      ...productAdded.data,
      stock: 100,
      priceTiers: [
        { minQuantity: 10, unitPriceCents: 900 },
        { minQuantity: 20, unitPriceCents: 800 },
      ],
    },
  });
  const place = (quantity: number, clientTotalCents: number): PlaceOrder => ({
    ...placeTen(),
    data: { ...placeTen().data, quantity, clientTotalCents },
  });

  it('prices the line at the step its quantity reaches, and the order’s total on it', () => {
    // 10 x 9.00 = 90.00, + 4.50, + 50.00
    spec
      .given([laddered])
      .when(place(10, 144_50))
      .then(
        placedWith(
          { productId: 'p1', quantity: 10, unitPriceCents: 900, tierMinQuantity: 10, lineTotalCents: 90_00 },
          { subtotalCents: 90_00, totalCostCents: 144_50, cartVersion: null },
        ),
      );
    // 19 x 9.00 = 171.00, + 8.55, + 50.00; 20 x 8.00 = 160.00, + 8.00, + 50.00
    spec
      .given([laddered])
      .when(place(19, 229_55))
      .then(placedWith({ unitPriceCents: 900, tierMinQuantity: 10, lineTotalCents: 171_00 }, { totalCostCents: 229_55 }));
    spec
      .given([laddered])
      .when(place(20, 218_00))
      .then(placedWith({ unitPriceCents: 800, tierMinQuantity: 20, lineTotalCents: 160_00 }, { totalCostCents: 218_00 }));
    // Below the first step, the price: 9 x 10.00 = 90.00, and no step on the line.
    spec
      .given([laddered])
      .when(place(9, 144_50))
      .then(placedWith({ unitPriceCents: 1000 }, { totalCostCents: 144_50 }));
    const [belowTheLadder] = orderDecider.decide(place(9, 144_50), orderDecider.evolve(orderDecider.initialState(), laddered));
    expect((belowTheLadder as OrderPlaced).data.lines[0]).not.toHaveProperty('tierMinQuantity');
  });

  it('refuses a total at the price when the quantity reached a step, naming the total at the step', () => {
    spec.given([laddered]).when(place(10, 155_00)).thenRejects('conflict', messages.totalCostMismatch('144.50'));
  });

  it('prices at the ladder an admin edited', () => {
    const cheaper = fact({
      type: 'ProductUpdated',
      data: { productId: 'p1', changes: { priceTiers: [{ minQuantity: 10, unitPriceCents: 850 }] } },
    } as const);
    // 20 x 8.50 = 170.00, + 8.50, + 50.00
    spec
      .given([laddered, cheaper])
      .when(place(20, 228_50))
      .then(placedWith({ unitPriceCents: 850 }, { totalCostCents: 228_50 }));
  });

  it('refuses a quantity that is not a whole number of packs', () => {
    const inFives = fact({ ...productAdded, data: { ...productAdded.data, packSize: 5 } });
    spec
      .given([inFives])
      .when(place(12, 12 * 1000 + 600 + 5000))
      .thenRejects('conflict', pricingMessages.packSizeMultiple(5));
    expect(pricingMessages.packSizeMultiple(5)).toBe('Order quantity must be a multiple of 5');
    spec
      .given([inFives])
      .when(place(15, 15 * 1000 + 750 + 5000))
      .then(placedWith({ quantity: 15 }));
  });
});
