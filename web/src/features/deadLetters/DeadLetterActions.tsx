import { DEAD_LETTER_ACTIONS, type DeadLetterDto } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DeadLetterDialog } from './DeadLetterDialog';
import { decisionOpened, selectDeadLetterDecision } from './deadLettersSlice';
import { ACTION_LABEL } from './deadLettersTexts';

/** "Retry…" and "Skip…" beside a dead letter in the operator console; each opens its dialog, the dry run first. */
export function DeadLetterActions({ letter }: { letter: DeadLetterDto }) {
  const dispatch = useAppDispatch();
  const { open } = useAppSelector(selectDeadLetterDecision);
  return (
    <>
      {DEAD_LETTER_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          className="button"
          aria-label={`${ACTION_LABEL[action]} ${letter.position}`}
          onClick={() => dispatch(decisionOpened({ position: letter.position, action }))}
        >
          {ACTION_LABEL[action]}
        </button>
      ))}
      {open?.position === letter.position && <DeadLetterDialog position={open.position} action={open.action} />}
    </>
  );
}
