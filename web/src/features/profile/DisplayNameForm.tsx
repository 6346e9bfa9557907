import { z } from 'zod';
import { registerFormSchema } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { displayNameChangeRequested } from '../auth/authSlice';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';

/** The register form's full-name rule applies to a new display name too. */
const displayNameSchema = z.object({ displayName: registerFormSchema.shape.fullName });

export function DisplayNameForm({ current }: { current: string }) {
  const dispatch = useAppDispatch();
  const auth = useAppSelector((state) => state.auth);
  const { register, handleSubmit, errors } = useSchemaForm(displayNameSchema, { displayName: current });
  return (
    <form className="inline-form" noValidate onSubmit={onSubmit(handleSubmit((form) => dispatch(displayNameChangeRequested(form))))}>
      <TextField label="Display name" autoComplete="name" error={errors.displayName?.message} {...register('displayName')} />
      <button type="submit" className="button" disabled={auth.flow === 'profile'}>
        Save name
      </button>
      <FormMessage kind="error">{auth.formError}</FormMessage>
    </form>
  );
}
