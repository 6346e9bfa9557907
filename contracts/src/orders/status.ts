import type { OrderStatus } from '../constants.js';
import type { OrderEvent } from './events.js';

/**
 * The status each event of an order's life leaves it in (pending → paid → shipped → delivered,
 * cancelled from pending or paid): the one fold of an order's status that the command side, the
 * projection, the history and the audit all read.
 */
export const ORDER_STATUS_AFTER = {
  OrderPlaced: 'pending',
  OrderPaid: 'paid',
  OrderShipped: 'shipped',
  OrderDelivered: 'delivered',
  OrderCancelled: 'cancelled',
} as const satisfies Record<OrderEvent['type'], OrderStatus>;

/** The types of an order's events, those the status fold reads. */
export const ORDER_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(ORDER_STATUS_AFTER));

/** Whether an event is one of an order's life (by its type alone). */
export function isOrderEvent<Event extends { readonly type: string }>(event: Event): event is Extract<Event, { type: OrderEvent['type'] }> {
  return ORDER_EVENT_TYPES.has(event.type);
}

/** The status an order is in after `event`. */
export function orderStatusAfter<Type extends OrderEvent['type']>(event: { readonly type: Type }): (typeof ORDER_STATUS_AFTER)[Type] {
  return ORDER_STATUS_AFTER[event.type];
}

/** Where an order stands: its status, and whether it has been paid for. */
export interface OrderProgress {
  readonly status: OrderStatus;
  readonly payment: boolean;
}

/**
 * An order's progress after `event`, from its progress before it: a placed order is as its event
 * says, each later event moves it to its status, and a payment stays paid (a cancellation after a
 * payment keeps `payment`). A later event of an order never placed (`before` undefined) moves nothing.
 */
export function orderProgressAfter(before: OrderProgress | undefined, event: Pick<OrderEvent, 'type' | 'data'>): OrderProgress | undefined {
  if (event.type === 'OrderPlaced') {
    const { status, payment } = event.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];
    return { status, payment };
  }
  return before && { status: orderStatusAfter(event), payment: before.payment || event.type === 'OrderPaid' };
}
