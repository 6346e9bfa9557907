import { formatPosition, type DeadLetterAction, type DeadLetterRetried, type DeadLetterSkipped } from '@toolforge/contracts';
import type { DeadLetter } from '@toolforge/platform/sql';
import type { Decided } from '../shared/decider.js';

/** An admin's retry or skip of the dead letter the read model holds, and why. */
export interface DeadLetterDecision {
  readonly action: DeadLetterAction;
  readonly letter: DeadLetter;
  readonly by: string;
  readonly reason: string;
}

/** The event of the decision: the projector acts on it (docs/projector.md#dead-letters-retried-or-skipped). */
export function decideOnDeadLetter({ action, letter, by, reason }: DeadLetterDecision): Decided<DeadLetterRetried | DeadLetterSkipped>[] {
  const { topic, partition, offset } = letter;
  const data = { letter: formatPosition(letter), topic, partition, offset, eventType: letter.type, by, reason };
  return [action === 'retry' ? { type: 'DeadLetterRetried', data } : { type: 'DeadLetterSkipped', data }];
}
