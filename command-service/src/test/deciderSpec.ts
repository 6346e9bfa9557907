import { expect } from 'vitest';
import { CommandRejected, type Decided, type Decider, type RejectionReason } from '../shared/decider.js';

/**
 * Given (events) / When (command) / Then (events or a rejection), without I/O: the shape of emmett's
 * DeciderSpecification. The Given events are folded with the decider's own evolve from its initial state.
 */
export function deciderSpec<Command, State, Event extends Decided, Fact extends Decided = Event>(
  decider: Decider<Command, State, Event, Fact>,
) {
  return {
    given(events: Fact[]) {
      const state = events.reduce((folded, event) => decider.evolve(folded, event), decider.initialState);
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
