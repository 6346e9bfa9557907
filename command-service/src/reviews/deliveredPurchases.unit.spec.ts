import { describe, expect, it } from 'vitest';
import { TOPICS, type OrderPlaced, type ShopEvent } from '@toolforge/contracts';
import { orderLine, orderMoved, orderPlaced, orderPlacedOf, productAdded } from '@toolforge/contracts/testing';
import { OrderStates } from '../orders/orderStates.js';
import type { ModelEvent } from '../shared/writeModel.js';
import { DeliveredPurchases } from './deliveredPurchases.js';

const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 89_99 }).data;
const saw = productAdded({ productId: 'p-saw', name: 'Panel Saw', priceCents: 24_99 }).data;
const clamp = productAdded({ productId: 'p-clamp', name: 'Bar Clamp', priceCents: 12_50 }).data;

let offset = 0;
/** Given these events, folded as the write model folds them: the orders' part first. */
function given(events: readonly ShopEvent[]): DeliveredPurchases {
  const orders = new OrderStates();
  const delivered = new DeliveredPurchases(orders);
  for (const event of events) {
    const stored: ModelEvent = {
      ...event,
      streamId: 'stream',
      streamPosition: 1,
      position: { topic: TOPICS.orders, partition: 0, offset: offset++ },
    };
    orders.apply(stored);
    delivered.apply(stored);
  }
  return delivered;
}

/** The way an order goes until it is delivered. */
const deliveredOrder = (order: OrderPlaced) => [
  order,
  orderMoved(order.data, 'OrderPaid'),
  orderMoved(order.data, 'OrderShipped'),
  orderMoved(order.data, 'OrderDelivered'),
];

describe('DeliveredPurchases: who may review what', () => {
  const checkedOut = orderPlacedOf([orderLine(drill, 2), orderLine(saw, 1)], { userId: 'u-ada', cartVersion: 1 });

  it('lets the customer review every product a delivered order of theirs has a line of', () => {
    const delivered = given(deliveredOrder(checkedOut));
    expect(delivered.received('u-ada', 'p-drill')).toBe(true);
    expect(delivered.received('u-ada', 'p-saw')).toBe(true);
  });

  it('not a product no line named, nor another customer, nor before the order is delivered', () => {
    const delivered = given(deliveredOrder(checkedOut));
    expect(delivered.received('u-ada', 'p-clamp')).toBe(false);
    expect(delivered.received('u-bob', 'p-drill')).toBe(false);
    const shipped = given(deliveredOrder(checkedOut).slice(0, 3));
    expect(shipped.received('u-ada', 'p-drill')).toBe(false);
  });

  it('counts the spec’s one-line orders as before', () => {
    const delivered = given(deliveredOrder(orderPlaced(clamp, { userId: 'u-bob', quantity: 4 })));
    expect(delivered.received('u-bob', 'p-clamp')).toBe(true);
    expect(delivered.received('u-bob', 'p-drill')).toBe(false);
  });
});
