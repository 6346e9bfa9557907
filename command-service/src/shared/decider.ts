import type { ShopEvent } from '@toolforge/contracts';

/** What a decider returns: the facts, without the envelope metadata the handler adds. */
export type Decided<E extends ShopEvent = ShopEvent> = E extends ShopEvent ? Pick<E, 'type' | 'data'> : never;

/**
 * The pure business logic of one aggregate, in emmett's shape (its `Decider<State, Command, Event>`):
 * `decide` turns a command into the events it causes on the current state (or throws
 * CommandRejected), `evolve` folds an event into the state, `initialState()` is the state before
 * any event. No I/O: the command handler loads the
 * state, and tests run it Given (events) / When (command) / Then (events or a rejection).
 *
 * `Fact` is what `evolve` folds: the decided events themselves, unless the state needs more of an
 * event than `decide` can say, such as when it happened (its envelope's occurredAt, which the
 * command handler adds).
 */
export interface Decider<State, Command, Event extends Decided, Fact extends Decided = Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Fact): State;
  initialState: () => State;
}

/** Why a command is refused; each is one HTTP status (see replies.ts). */
export type RejectionReason = 'bad-request' | 'not-found' | 'conflict' | 'forbidden' | 'unprocessable';

/** A command the current state does not allow, with the message the user reads. */
export class CommandRejected extends Error {
  constructor(
    readonly reason: RejectionReason,
    message: string,
  ) {
    super(message);
    this.name = 'CommandRejected';
  }
}
