import type { EventMeta, OrderEvent, OrderStatus } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

/**
 * What the command side knows of one order to move it on. Small and flat, one per order ever placed
 * (a million of them must fit): no per-order closures, maps or copies of the order's text.
 */
export interface OrderState {
  readonly productId: string;
  readonly userId: string;
  readonly quantity: number;
  readonly status: OrderStatus;
  /** When it was placed, in ms since the epoch: an unpaid reservation expires RESERVATION_TTL later. */
  readonly placedAt: number;
}

/** An order's events as the log holds them: when the order was placed is its envelope's occurredAt. */
export type OrderFact = Decided<OrderEvent> & { readonly meta: Pick<EventMeta, 'occurredAt'> };

/** The status each event of an order's life leaves it in. */
const STATUS_AFTER = {
  OrderPlaced: 'pending',
  OrderPaid: 'paid',
  OrderShipped: 'shipped',
  OrderDelivered: 'delivered',
  OrderCancelled: 'cancelled',
} as const satisfies Record<OrderEvent['type'], OrderStatus>;

/** The types of an order's events: those that fold into its state. */
export const ORDER_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(STATUS_AFTER));

export function evolveOrder(state: OrderState | undefined, event: OrderFact): OrderState | undefined {
  if (event.type === 'OrderPlaced') {
    const { productId, userId, quantity } = event.data;
    return { productId, userId, quantity, status: STATUS_AFTER.OrderPlaced, placedAt: Date.parse(event.meta.occurredAt) };
  }
  return state && { ...state, status: STATUS_AFTER[event.type] };
}
