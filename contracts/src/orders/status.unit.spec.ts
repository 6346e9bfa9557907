import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '../constants.js';
import type { OrderEvent } from './events.js';
import { orderCancelled, orderMoved, orderPlaced, productAdded } from '../testing/events.js';
import { ORDER_EVENT_TYPES, isOrderEvent, orderProgressAfter, orderStatusAfter } from './status.js';

const drill = productAdded({ productId: 'p-drill' });
const placed = orderPlaced(drill.data, { orderId: 'o-1' });

describe('the order status fold', () => {
  it('leaves a placed order pending and each later event in its status', () => {
    expect(orderStatusAfter(placed)).toBe('pending');
    expect(orderStatusAfter({ type: 'OrderPaid' })).toBe('paid');
    expect(orderStatusAfter({ type: 'OrderShipped' })).toBe('shipped');
    expect(orderStatusAfter({ type: 'OrderDelivered' })).toBe('delivered');
    expect(orderStatusAfter({ type: 'OrderCancelled' })).toBe('cancelled');
  });

  it('reaches every status, and each step it takes is one the shop allows', () => {
    const types: OrderEvent['type'][] = ['OrderPlaced', 'OrderPaid', 'OrderShipped', 'OrderDelivered', 'OrderCancelled'];
    expect(new Set(types.map((type) => orderStatusAfter({ type })))).toEqual(new Set(ORDER_STATUSES));
    expect(ORDER_TRANSITIONS.pending).toContain(orderStatusAfter({ type: 'OrderPaid' }));
    expect(ORDER_TRANSITIONS.paid).toContain(orderStatusAfter({ type: 'OrderShipped' }));
    expect(ORDER_TRANSITIONS.shipped).toContain(orderStatusAfter({ type: 'OrderDelivered' }));
  });

  it('knows an order’s events by type, and no other', () => {
    expect([...ORDER_EVENT_TYPES].sort()).toEqual(['OrderCancelled', 'OrderDelivered', 'OrderPaid', 'OrderPlaced', 'OrderShipped']);
    expect(isOrderEvent(placed)).toBe(true);
    expect(isOrderEvent(drill)).toBe(false);
  });

  it('folds progress: placed as the event says, paid stays paid, a never-placed order moves nothing', () => {
    const paid = orderProgressAfter(orderProgressAfter(undefined, placed), orderMoved(placed.data, 'OrderPaid'));
    expect(paid).toEqual({ status: 'paid', payment: true });
    expect(orderProgressAfter(paid, orderCancelled(placed.data))).toEqual({ status: 'cancelled', payment: true });
    expect(orderProgressAfter(orderProgressAfter(undefined, placed), orderCancelled(placed.data))).toEqual({
      status: 'cancelled',
      payment: false,
    });
    expect(orderProgressAfter(undefined, orderMoved({ orderId: 'o-2' }, 'OrderShipped'))).toBeUndefined();
  });
});
