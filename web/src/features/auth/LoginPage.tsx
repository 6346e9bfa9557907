import { Link, Navigate, useLocation } from 'react-router-dom';
import { loginFormSchema, messages } from '@toolforge/contracts';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { AuthCard } from './AuthCard';
import { googleLoginRequested, loginRequested } from './authSlice';
import type { RedirectState } from './RequireAuth';
import { useAuthForm } from './useAuthForm';

export default function LoginPage() {
  const { dispatch, auth } = useAuthForm();
  const location = useLocation();
  const from = (location.state as RedirectState | null)?.from ?? '/';
  const { register, handleSubmit, errors } = useSchemaForm(loginFormSchema);

  const busy = auth.flow === 'login' || auth.flow === 'google';
  // Already signed in (a remembered user): go where the user was heading.
  if (auth.session && auth.flow === null) return <Navigate to={from} replace />;

  return (
    <AuthCard title="Login" intro="Sign in to order tools and follow your orders.">
      <form noValidate onSubmit={onSubmit(handleSubmit((form) => dispatch(loginRequested({ ...form, from }))))}>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          Login
        </button>
      </form>
      {busy && <FormMessage kind="progress">{messages.loggingIn}</FormMessage>}
      <FormMessage kind="error">{auth.formError ?? auth.syncError}</FormMessage>
      <div className="divider" role="separator">
        <span>or</span>
      </div>
      <button
        type="button"
        className="button button--google button--block"
        disabled={busy}
        onClick={() => dispatch(googleLoginRequested({ from }))}
      >
        <img src="/images/google.svg" alt="" width="18" height="18" /> Sign in with Google
      </button>
      <p className="auth-links">
        New to ToolForge? <Link to="/register">Create an account</Link>
      </p>
      <p className="auth-links">
        <Link to="/resetpassword">Forgot your password?</Link>
      </p>
    </AuthCard>
  );
}
