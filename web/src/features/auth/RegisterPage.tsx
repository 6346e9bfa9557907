import { Link } from 'react-router-dom';
import { FIELD_LABELS, messages, registerFormSchema } from '@toolforge/contracts';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { AuthCard } from './AuthCard';
import { registerRequested } from './authSlice';
import { useAuthForm } from './useAuthForm';

export default function RegisterPage() {
  const { dispatch, auth } = useAuthForm();
  const { register, handleSubmit, errors } = useSchemaForm(registerFormSchema);
  const busy = auth.flow === 'register';

  return (
    <AuthCard title="Create an account" intro="We send a verification email to the address you give.">
      <form
        noValidate
        onSubmit={onSubmit(handleSubmit(({ fullName, email, password }) => dispatch(registerRequested({ fullName, email, password }))))}
      >
        <TextField label={FIELD_LABELS.fullName} autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={messages.passwordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Repeat password"
          type="password"
          autoComplete="new-password"
          error={errors.repassword?.message}
          {...register('repassword')}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          Register
        </button>
      </form>
      {busy && <FormMessage kind="progress">{messages.loggingIn}</FormMessage>}
      <FormMessage kind="error">{auth.formError ?? auth.syncError}</FormMessage>
      <p className="auth-links">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthCard>
  );
}
