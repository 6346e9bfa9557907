import { useOpenedForm } from '../../components/forms/useOpenedForm';
import { formCleared } from './authSlice';
import { selectAuth } from './selectors';

/** An auth form's view of the auth state; a message from an earlier form does not follow the user. */
export function useAuthForm() {
  const [dispatch, auth] = useOpenedForm(selectAuth, formCleared);
  return { dispatch, auth };
}
