import type { DeadLetterAction } from '@toolforge/contracts';

/** The words of the dead letters' actions, which their tests read too. */
export const ACTION_LABEL: Record<DeadLetterAction, string> = { retry: 'Retry…', skip: 'Skip…' };
export const CONFIRM_LABEL: Record<DeadLetterAction, string> = { retry: 'Retry', skip: 'Skip' };
export const dialogTitle = (action: DeadLetterAction, position: string) =>
  action === 'retry' ? `Retry the dead letter ${position}` : `Skip the dead letter ${position}`;
export const TRYING = 'Trying it first (a dry run, nothing changes)…';
export const WOULD_APPLY = 'The dry run went through: retried now, the read model takes this event.';
export const WOULD_FAIL = 'The dry run was refused: retried now, the event stays a dead letter, with this error.';
export const WOULD_SKIP = 'Skipped, this event stays out of the read model for good; the read model records that it lacks it.';
export const ROWS_WRITTEN = 'Rows it would write';
export const REASON_LABEL = 'Reason';
export const REASON_HINT = 'Kept in the log with your decision and your name';
export const DECIDED: Record<DeadLetterAction, string> = {
  retry: 'The retry is in the log: the projector applies it now.',
  skip: 'The skip is in the log: the projector drops the letter now.',
};
export const NOT_DECIDED = 'Nothing was decided. Please try again.';
