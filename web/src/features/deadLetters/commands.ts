import { DEAD_LETTER_PATHS, type Acknowledgement, type DeadLetterAction, type DeadLetterDecisionBody } from '@toolforge/contracts';
import { command } from '../../api/command';

/** An admin's retry or skip of a dead letter (docs/projector.md#dead-letters-retried-or-skipped). */
export const deadLetterCommands = {
  decide: command<[action: DeadLetterAction, body: DeadLetterDecisionBody], Acknowledgement>((action, body) => ({
    method: 'POST',
    path: DEAD_LETTER_PATHS[action],
    body,
  })),
};
