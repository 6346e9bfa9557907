import { expect } from 'vitest';
import { CommandRejected, type Decided, type RejectionReason } from '../domain/decided.js';

/**
 * Given (events) / When (command) / Then (events or a rejection), without I/O: the shape of emmett's
 * DeciderSpecification, for deciders whose state is a fold of their events.
 */
export function deciderSpec<State, Event, Command>(decider: {
  evolve: (state: State, event: Event) => State;
  initial: State;
  decide: (command: Command, state: State) => Decided[];
}) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initial);
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
