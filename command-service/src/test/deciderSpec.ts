import { expect } from 'vitest';
import type { OrderPlaced } from '@toolforge/contracts';
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

const meta = { eventId: 'e', occurredAt: '2026-01-01T00:00:00.000Z', actor: null, commandId: 'c', schemaVersion: 1 };

/** A decided event as a full event, for the Given part. */
export function fact<E extends Decided>(event: E): E & { meta: typeof meta } {
  return { ...event, meta };
}

/** An order of product p1 (Claw Hammer) as placed, for the Given part: a test names only what it is about. */
export function placedOrder(data: Partial<OrderPlaced['data']> & Pick<OrderPlaced['data'], 'orderId' | 'userId' | 'quantity'>) {
  return fact({
    type: 'OrderPlaced',
    data: {
      productId: 'p1',
      productName: 'Claw Hammer',
      userName: 'Ada',
      unitPriceCents: 1000,
      totalCostCents: 0,
      shippingAddress: '1 Forge Lane',
      status: 'pending',
      payment: false,
      ...data,
    },
  } as const);
}
