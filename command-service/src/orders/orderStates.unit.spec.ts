import { describe, expect, it } from 'vitest';
import { TOPICS, type ShopEvent } from '@toolforge/contracts';
import {
  orderCancelled,
  orderLine,
  orderMoved,
  orderPlaced,
  orderPlacedOf,
  productAdded,
  reviewPosted,
} from '@toolforge/contracts/testing';
import type { ModelEvent } from '../shared/writeModel.js';
import { evolveOrder, type OrderFact, type OrderState } from './order.js';
import { OrderStates } from './orderStates.js';

const drill = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 8999 }).data;
const saw = productAdded({ productId: 'p-saw', name: 'Panel Saw', priceCents: 2499 }).data;

let offset = 0;
const stored = (event: ShopEvent): ModelEvent => ({
  ...event,
  streamId: 'stream',
  streamPosition: 1,
  position: { topic: TOPICS.orders, partition: 0, offset: offset++ },
});

/** What the lifecycle's evolve makes of an order's events, folded as an object. */
function folded(events: readonly ShopEvent[]): OrderState | undefined {
  return events.reduce<OrderState | undefined>((state, event) => evolveOrder(state, event as OrderFact), undefined);
}

describe('OrderStates', () => {
  it('holds each order as the lifecycle folds its events', () => {
    const states = new OrderStates();
    const first = orderPlaced(drill, { userId: 'u1', quantity: 3 }, { occurredAt: '2026-03-01T09:00:00.123Z' });
    const second = orderPlaced(saw, { userId: 'u2', quantity: 2_000_000 });
    const third = orderPlaced(drill, { userId: 'u1', quantity: 1 });
    const histories = [
      [first, orderMoved(first.data, 'OrderPaid'), orderMoved(first.data, 'OrderShipped')],
      [second, orderCancelled(second.data, { by: 'admin' })],
      [third],
    ];
    for (const event of histories.flat()) states.apply(stored(event));

    for (const history of histories) expect(states.get(history[0]!.data.orderId)).toEqual(folded(history));
    expect(states.get(first.data.orderId)).toMatchObject({ status: 'shipped', placedAt: Date.parse('2026-03-01T09:00:00.123Z') });
    expect(states.get(second.data.orderId)?.status).toBe('cancelled');
  });

  it('keeps every line of an order of several, beside the one-line orders', () => {
    const states = new OrderStates();
    const hammer = productAdded({ productId: 'p-hammer', name: 'Claw Hammer', priceCents: 2450 }).data;
    const single = orderPlaced(drill, { userId: 'u1', quantity: 2 });
    const several = orderPlacedOf([orderLine(saw, 4), orderLine(drill, 1), orderLine(hammer, 12)], { userId: 'u2' });
    const histories = [[single], [several, orderMoved(several.data, 'OrderPaid')], [orderPlaced(hammer, { userId: 'u1', quantity: 5 })]];
    for (const event of histories.flat()) states.apply(stored(event));

    for (const history of histories) expect(states.get(history[0]!.data.orderId)).toEqual(folded(history));
    expect(states.get(several.data.orderId)?.lines).toEqual([
      { productId: 'p-saw', quantity: 4 },
      { productId: 'p-drill', quantity: 1 },
      { productId: 'p-hammer', quantity: 12 },
    ]);
    expect(states.get(single.data.orderId)?.lines).toEqual([{ productId: 'p-drill', quantity: 2 }]);
  });

  it('keeps nothing for an order it never saw placed, nor for other events', () => {
    const states = new OrderStates();
    const unknown = orderPlaced(drill).data;
    states.apply(stored(orderMoved(unknown, 'OrderPaid')));
    states.apply(stored(reviewPosted(drill)));
    expect(states.get(unknown.orderId)).toBeUndefined();
    expect(states.has(unknown.orderId)).toBe(false);
  });

  it('grows past its first rows and forgets everything on clear', () => {
    const states = new OrderStates();
    const placed = Array.from({ length: 5000 }, (_, n) => orderPlaced(n % 2 ? drill : saw, { userId: `u${n % 7}`, quantity: n + 1 }));
    for (const event of placed) states.apply(stored(event));
    for (const event of [placed[0]!, placed[1023]!, placed[1024]!, placed[4999]!])
      expect(states.get(event.data.orderId)).toEqual(folded([event]));

    states.clear();
    expect(states.get(placed[0]!.data.orderId)).toBeUndefined();
    const again = orderPlaced(saw, { userId: 'u9', quantity: 4 });
    states.apply(stored(again));
    expect(states.get(again.data.orderId)).toEqual(folded([again]));
  });
});
