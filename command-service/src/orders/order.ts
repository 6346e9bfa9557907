import { orderStatusAfter, type EventMeta, type HeldLine, type OrderEvent, type OrderStatus } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

/**
 * What the command side knows of one order to move it on. Small and flat, one per order ever placed
 * (a million of them must fit): no per-order closures, maps or copies of the order's text.
 */
export interface OrderState {
  readonly userId: string;
  /** What each line holds of its product (one line but for a checkout of several): a cancellation gives each back. */
  readonly lines: readonly HeldLine[];
  readonly status: OrderStatus;
  /** When it was placed, in ms since the epoch: an unpaid reservation expires RESERVATION_TTL later. */
  readonly placedAt: number;
  /** What it costs, in cents: a card payment of any other amount does not pay it. */
  readonly totalCostCents: number;
}

/** An order's events as the log holds them: when the order was placed is its envelope's occurredAt. */
export type OrderFact = Decided<OrderEvent> & { readonly meta: Pick<EventMeta, 'occurredAt'> };

export function evolveOrder(state: OrderState | undefined, event: OrderFact): OrderState | undefined {
  if (event.type === 'OrderPlaced') {
    const { userId, lines, totalCostCents } = event.data;
    return {
      userId,
      lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
      status: orderStatusAfter(event),
      placedAt: Date.parse(event.meta.occurredAt),
      totalCostCents,
    };
  }
  return state && { ...state, status: orderStatusAfter(event) };
}
