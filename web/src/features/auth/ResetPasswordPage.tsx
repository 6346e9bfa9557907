import { Link } from 'react-router-dom';
import { resetPasswordFormSchema } from '@toolforge/contracts';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { AuthCard } from './AuthCard';
import { passwordResetRequested } from './authSlice';
import { useAuthForm } from './useAuthForm';

export default function ResetPasswordPage() {
  const { dispatch, auth } = useAuthForm();
  const { register, handleSubmit, errors } = useSchemaForm(resetPasswordFormSchema);

  return (
    <AuthCard title="Reset your password" intro="Enter the email of your account and we will send you a reset link.">
      <form noValidate onSubmit={onSubmit(handleSubmit((form) => dispatch(passwordResetRequested(form))))}>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <button type="submit" className="button button--primary button--block" disabled={auth.flow === 'reset'}>
          Send reset link
        </button>
      </form>
      <FormMessage kind="error">{auth.formError}</FormMessage>
      <p className="auth-links">
        Remembered it? <Link to="/login">Back to login</Link>
      </p>
    </AuthCard>
  );
}
