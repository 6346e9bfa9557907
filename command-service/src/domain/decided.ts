import type { ShopEvent } from '@toolforge/contracts';

/** What a decider returns: the facts, without the envelope metadata the handler adds. */
export type Decided<E extends ShopEvent = ShopEvent> = E extends ShopEvent ? Pick<E, 'type' | 'data'> : never;

export type RejectionReason = 'not-found' | 'conflict' | 'forbidden';

/** A command the current state does not allow, with the message the user reads. */
export class CommandRejected extends Error {
  constructor(readonly reason: RejectionReason, message: string) {
    super(message);
    this.name = 'CommandRejected';
  }
}
