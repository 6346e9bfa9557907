import { expect } from 'vitest';
import { CURRENT_SCHEMA_VERSION, type OrderCancelled, type OrderPlaced } from '@toolforge/contracts';
import { CommandRejected, type Decided, type Decider, type RejectionReason } from '../shared/decider.js';

/**
 * Given (events) / When (command) / Then (events or a rejection), without I/O: the shape of emmett's
 * DeciderSpecification. The Given events are folded with the decider's own evolve from its initial state.
 */
export function deciderSpec<State, Command, Event extends Decided, Fact extends Decided = Event>(
  decider: Decider<State, Command, Event, Fact>,
) {
  return {
    given(events: Fact[]) {
      const state = events.reduce((folded, event) => decider.evolve(folded, event), decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: Decided[]) {
              expect(run()).toEqual(expected);
            },
            thenRejects(reason: RejectionReason, message: string) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(CommandRejected);
              expect(thrown).toMatchObject({ reason, message });
            },
          };
        },
      };
    },
  };
}

const meta = { eventId: 'e', occurredAt: '2026-01-01T00:00:00.000Z', actor: null, commandId: 'c', schemaVersion: CURRENT_SCHEMA_VERSION };

/** A decided event as a full event, for the Given part. */
export function fact<E extends Decided>(event: E): E & { meta: typeof meta } {
  return { ...event, meta };
}

/** Product p1 (Claw Hammer), as the orders of the Given part name it. */
const P1 = { productId: 'p1', productName: 'Claw Hammer' };

/**
 * A one-line order of `quantity` of p1 as placed, for the Given part: a test names only what it is
 * about (the unit price, by default 10.00; the order's other fields).
 */
export function placedOrder({
  quantity,
  unitPriceCents = 1000,
  ...data
}: Partial<OrderPlaced['data']> & Pick<OrderPlaced['data'], 'orderId' | 'userId'> & { quantity: number; unitPriceCents?: number }) {
  const lineTotalCents = unitPriceCents * quantity;
  return fact({
    type: 'OrderPlaced',
    data: {
      userName: 'Ada',
      lines: [{ ...P1, quantity, unitPriceCents, lineTotalCents }],
      subtotalCents: lineTotalCents,
      totalCostCents: 0,
      shippingAddress: '1 Forge Lane',
      status: 'pending',
      payment: false,
      cartVersion: null,
      ...data,
    },
  } as const);
}

/** The cancellation of a one-line order of `quantity` of p1, giving it back; by its customer unless `by` says otherwise. */
export function cancelledOrder({
  orderId,
  userId,
  quantity,
  reason = '',
  by = 'customer',
}: Pick<OrderCancelled['data'], 'orderId' | 'userId'> & { quantity: number } & Partial<Pick<OrderCancelled['data'], 'reason' | 'by'>>) {
  return fact({ type: 'OrderCancelled', data: { orderId, userId, lines: [{ productId: P1.productId, quantity }], reason, by } } as const);
}
