import { describe, expect, it } from 'vitest';
import { TOPIC_OF_EVENT, type ShopEvent } from '@toolforge/contracts';
import { cartLineRemoved, cartLineSet, orderLine, orderPlacedOf, productAdded, streamIdOf } from '@toolforge/contracts/testing';
import type { ModelEvent } from '../shared/writeModel.js';
import { atCartVersions } from '../test/cartVersions.js';
import { EMPTY_CART } from './cart.js';
import { cartStates } from './cartStates.js';

const drill = productAdded({ productId: 'drill', name: 'Cordless Drill' }).data;
const saw = productAdded({ productId: 'saw', name: 'Panel Saw' }).data;

/** The events as the write model is given them: each at its stream's version (a cart's numbered per customer), its topic's next offset. */
function stored(events: readonly ShopEvent[]): ModelEvent[] {
  const offsets = new Map<string, number>();
  return atCartVersions(events).map((event) => {
    const topic = TOPIC_OF_EVENT[event.type];
    const offset = offsets.get(topic) ?? 0;
    offsets.set(topic, offset + 1);
    return { streamPosition: 1, ...event, streamId: streamIdOf(event), position: { topic, partition: 0, offset } };
  });
}

/** The carts folded from the events in the order given. */
function folded(events: readonly ModelEvent[]) {
  const carts = cartStates();
  for (const event of events) carts.apply(event);
  return carts;
}

/** A checkout of u1's cart at `cartVersion`, of these lines. */
const checkout = (cartVersion: number, lines = [orderLine(drill, 2)]) => orderPlacedOf(lines, { userId: 'u1', cartVersion });

/** What a customer's cart holds, as the decisions see it: each product and how many, in the cart's order. */
const linesOf = (carts: ReturnType<typeof folded>, userId: string) =>
  carts.get(userId).lines.map(({ productId, quantity }) => ({ productId, quantity }));

describe('CartStates', () => {
  it('keeps each customer’s lines in the order their products went in, a changed quantity in its place', () => {
    const carts = folded(
      stored([
        cartLineSet('u1', 'drill', 2),
        cartLineSet('u2', 'saw', 1),
        cartLineSet('u1', 'saw', 3),
        cartLineSet('u1', 'vice', 1),
        cartLineSet('u1', 'drill', 5),
        cartLineRemoved('u1', 'saw'),
      ]),
    );
    expect(linesOf(carts, 'u1')).toEqual([
      { productId: 'drill', quantity: 5 },
      { productId: 'vice', quantity: 1 },
    ]);
    // The version a checkout now would empty: u1's cart has had five events, u2's one.
    expect(carts.get('u1').version).toBe(5);
    expect(carts.get('u2').version).toBe(1);
  });

  it('empties a cart of every line set at or before its checkout’s version, and forgets the emptied cart', () => {
    const carts = folded(
      stored([cartLineSet('u1', 'drill', 2), cartLineSet('u1', 'saw', 3), checkout(2, [orderLine(drill, 2), orderLine(saw, 3)])]),
    );
    expect(carts.get('u1')).toBe(EMPTY_CART);
    expect(carts.has('u1')).toBe(false);
  });

  it('leaves the same empty cart whether the checkout of version 3 is read before the cart’s events 1 to 3 or after them (a start reads topic by topic)', () => {
    const events = stored([cartLineSet('u1', 'drill', 2), cartLineSet('u1', 'saw', 1), cartLineRemoved('u1', 'saw'), checkout(3)]);
    const [one, two, three, placed] = events as [ModelEvent, ModelEvent, ModelEvent, ModelEvent];
    for (const readInTurn of [
      [one, two, three, placed],
      [placed, one, two, three],
      [one, placed, two, three],
    ]) {
      const carts = folded(readInTurn);
      expect(carts.get('u1')).toBe(EMPTY_CART);
      expect(carts.has('u1')).toBe(false);
    }
  });

  /*
   * u1's cart: the checkout of version 3 ordered the drill (set twice) and the saw; the vice went
   * in after it, the saw came back, the vice changed. The checkout may be read at any place among them.
   */
  const cartEvents = [
    cartLineSet('u1', 'drill', 2),
    cartLineSet('u1', 'saw', 1),
    cartLineSet('u1', 'drill', 5),
    cartLineSet('u1', 'vice', 1),
    cartLineSet('u1', 'saw', 2),
    cartLineSet('u1', 'vice', 3),
  ];
  const history = stored([...cartEvents, checkout(3, [orderLine(drill, 5), orderLine(saw, 1)])]);
  const theCheckout = history.at(-1)!;

  it.each(Array.from({ length: cartEvents.length + 1 }, (_, at) => at))(
    'keeps the lines set after the checkout’s version, at their places, read after %i of the cart’s events',
    (at) => {
      const carts = folded([...history.slice(0, at), theCheckout, ...history.slice(at, -1)]);
      // The vice went in at version 4, the saw came back at 5: set at 4 and 5, both survive the checkout of 3.
      expect(carts.get('u1')).toEqual({
        lines: [
          { productId: 'vice', quantity: 3, setVersion: 6, placedVersion: 4 },
          { productId: 'saw', quantity: 2, setVersion: 5, placedVersion: 5 },
        ],
        version: 6,
        checkoutAhead: 0,
      });
    },
  );

  it('leaves the cart alone for an order placed without it, a checkout read again, and another customer’s checkout', () => {
    const carts = folded(
      stored([
        cartLineSet('u1', 'drill', 2),
        cartLineSet('u2', 'drill', 4),
        checkout(1),
        cartLineSet('u1', 'saw', 3),
        orderPlacedOf([orderLine(drill, 2)], { userId: 'u1', cartVersion: null }),
        checkout(1),
      ]),
    );
    expect(linesOf(carts, 'u1')).toEqual([{ productId: 'saw', quantity: 3 }]);
    expect(linesOf(carts, 'u2')).toEqual([{ productId: 'drill', quantity: 4 }]);
  });
});
