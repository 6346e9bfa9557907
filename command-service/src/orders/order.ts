import { orderStatusAfter, type EventMeta, type OrderEvent, type OrderStatus } from '@toolforge/contracts';
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

export function evolveOrder(state: OrderState | undefined, event: OrderFact): OrderState | undefined {
  if (event.type === 'OrderPlaced') {
    const { productId, userId, quantity } = event.data;
    return { productId, userId, quantity, status: orderStatusAfter(event), placedAt: Date.parse(event.meta.occurredAt) };
  }
  return state && { ...state, status: orderStatusAfter(event) };
}
