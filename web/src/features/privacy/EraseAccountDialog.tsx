import { z } from 'zod';
import { messages } from '@toolforge/contracts';
import { FormDialog } from '../../components/forms/FormDialog';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useOpenedForm } from '../../components/forms/useOpenedForm';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { ERASE_DIALOG_TITLE, ERASE_MY_ACCOUNT, ERASING, ERASURE_CONSEQUENCES } from './privacyTexts';
import { erasureOpened, erasureRequested, selectErasure } from './privacySlice';

/** Any password: the identity provider, not a rule of the shop's, says whether it is the account's. */
const passwordSchema = z.object({ password: z.string().min(1, messages.required) });

/**
 * Says what erasing the account does and asks for the password again: the erasure needs a sign-in
 * made just now. The server's refusals (an order still under way, a sign-in too old) and a wrong
 * password are said inside the dialog; on success the saga signs out and leaves the page.
 */
export function EraseAccountDialog({ onClose }: { onClose: () => void }) {
  const [dispatch, erasure] = useOpenedForm(selectErasure, erasureOpened);
  const { register, handleSubmit, errors } = useSchemaForm(passwordSchema, { password: '' });
  const working = erasure.status === 'working';
  return (
    <FormDialog
      title={ERASE_DIALOG_TITLE}
      description={
        <ul>
          {ERASURE_CONSEQUENCES.map((consequence) => (
            <li key={consequence}>{consequence}</li>
          ))}
        </ul>
      }
      submitLabel={ERASE_MY_ACCOUNT}
      closeLabel="Cancel"
      danger
      busy={working}
      onSubmit={onSubmit(handleSubmit(({ password }) => dispatch(erasureRequested({ password }))))}
      onClose={onClose}
    >
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {working && <FormMessage kind="progress">{ERASING}</FormMessage>}
      <FormMessage kind="error">{erasure.status === 'failed' ? erasure.message : null}</FormMessage>
    </FormDialog>
  );
}
