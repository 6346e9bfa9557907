import { deadLetterDecisionSchema, parsePosition, type DeadLetterAction, type LogPosition } from '@toolforge/contracts';
import { readErrorText } from '../../api/shopApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormDialog } from '../../components/forms/FormDialog';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useDeadLetterDryRunQuery } from './dryRunApi';
import { decisionClosed, decisionRequested, selectDeadLetterDecision } from './deadLettersSlice';
import {
  CONFIRM_LABEL,
  REASON_HINT,
  REASON_LABEL,
  ROWS_WRITTEN,
  TRYING,
  WOULD_APPLY,
  WOULD_FAIL,
  WOULD_SKIP,
  dialogTitle,
} from './deadLettersTexts';

/** The request's own rule for the reason: required, one line of plain text, at most LIMITS.reason. */
const reasonSchema = deadLetterDecisionSchema.pick({ reason: true });

/**
 * A retry or a skip of one dead letter: the dry run first (what it would do now), then the admin's
 * reason, required, then the decision. The dialog says a refusal and stays open; confirmed, it closes.
 */
export function DeadLetterDialog({ position, action }: { position: string; action: DeadLetterAction }) {
  const dispatch = useAppDispatch();
  const decision = useAppSelector(selectDeadLetterDecision);
  const letter = parsePosition(position) as LogPosition;
  const dryRun = useDeadLetterDryRunQuery({ letter, action }, { refetchOnMountOrArgChange: true });
  const { register, handleSubmit, errors } = useSchemaForm(reasonSchema, { reason: '' });
  return (
    <FormDialog
      title={dialogTitle(action, position)}
      submitLabel={CONFIRM_LABEL[action]}
      closeLabel="Cancel"
      danger={action === 'skip'}
      busy={decision.pending || dryRun.isFetching}
      onSubmit={onSubmit(handleSubmit(({ reason }) => dispatch(decisionRequested({ position, action, reason }))))}
      onClose={() => dispatch(decisionClosed())}
    >
      <section aria-label="Dry run" aria-live="polite">
        {dryRun.isFetching && <FormMessage kind="progress">{TRYING}</FormMessage>}
        {dryRun.isError && <FormMessage kind="error">{readErrorText(dryRun.error)}</FormMessage>}
        {dryRun.data && !dryRun.isFetching && (
          <>
            <p className="dialog-note">{action === 'skip' ? WOULD_SKIP : dryRun.data.wouldApply ? WOULD_APPLY : WOULD_FAIL}</p>
            {dryRun.data.error && <pre className="dialog-note">{dryRun.data.error}</pre>}
            {dryRun.data.rows.length > 0 && (
              <>
                <p className="dialog-note">{ROWS_WRITTEN}</p>
                <ul>
                  {dryRun.data.rows.map((row) => (
                    <li key={`${row.table} ${row.key}`}>
                      {row.table}: {row.key}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </section>
      <TextField label={REASON_LABEL} hint={REASON_HINT} autoComplete="off" error={errors.reason?.message} {...register('reason')} />
      <FormMessage kind="error">{decision.error}</FormMessage>
    </FormDialog>
  );
}
