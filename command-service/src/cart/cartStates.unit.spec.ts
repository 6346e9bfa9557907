import { describe, expect, it } from 'vitest';
import { TOPICS, type ShopEvent } from '@toolforge/contracts';
import { cartLineRemoved, cartLineSet, orderLine, orderPlacedOf, productAdded } from '@toolforge/contracts/testing';
import type { ModelEvent } from '../shared/writeModel.js';
import { EMPTY_CART } from './cart.js';
import { cartStates } from './cartStates.js';

const drill = productAdded({ productId: 'drill', name: 'Cordless Drill' }).data;
const saw = productAdded({ productId: 'saw', name: 'Panel Saw' }).data;

let offset = 0;
const stored = (event: ShopEvent): ModelEvent => ({
  ...event,
  streamId: 'stream',
  streamPosition: 1,
  position: { topic: TOPICS.carts, partition: 0, offset: offset++ },
});

function folded(...events: ShopEvent[]) {
  const carts = cartStates();
  for (const event of events) carts.apply(stored(event));
  return carts;
}

describe('CartStates', () => {
  it('keeps each customer’s lines in the order their products went in, a changed quantity in its place', () => {
    const carts = folded(
      cartLineSet('u1', 'drill', 2),
      cartLineSet('u2', 'saw', 1),
      cartLineSet('u1', 'saw', 3),
      cartLineSet('u1', 'vice', 1),
      cartLineSet('u1', 'drill', 5),
      cartLineRemoved('u1', 'saw'),
    );
    expect(carts.get('u1')).toEqual([
      { productId: 'drill', quantity: 5 },
      { productId: 'vice', quantity: 1 },
    ]);
    expect(carts.get('u2')).toEqual([{ productId: 'saw', quantity: 1 }]);
  });

  it('empties a cart of the products its checkout ordered, and forgets an emptied cart', () => {
    const checkout = orderPlacedOf([orderLine(drill, 2), orderLine(saw, 3)], { userId: 'u1', fromCart: true });
    const carts = folded(cartLineSet('u1', 'drill', 2), cartLineSet('u1', 'saw', 3), checkout);
    expect(carts.get('u1')).toBe(EMPTY_CART);
    expect(carts.has('u1')).toBe(false);
  });

  it('keeps a line of a product the checkout did not order, such as one put in after it and read before it', () => {
    const checkout = orderPlacedOf([orderLine(drill, 2)], { userId: 'u1', fromCart: true });
    const carts = folded(cartLineSet('u1', 'drill', 2), cartLineSet('u1', 'vice', 1), checkout);
    expect(carts.get('u1')).toEqual([{ productId: 'vice', quantity: 1 }]);
  });

  it('leaves the cart alone for an order placed without it, and another customer’s checkout', () => {
    const carts = folded(
      cartLineSet('u1', 'drill', 2),
      orderPlacedOf([orderLine(drill, 2)], { userId: 'u1', fromCart: false }),
      orderPlacedOf([orderLine(drill, 2)], { userId: 'u2', fromCart: true }),
    );
    expect(carts.get('u1')).toEqual([{ productId: 'drill', quantity: 2 }]);
    expect(carts.has('u2')).toBe(false);
  });
});
