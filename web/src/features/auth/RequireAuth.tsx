import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { selectAuth } from './selectors';

/** Where the user was heading, kept in the router state of the redirect to /login. */
export interface RedirectState {
  from?: string;
}

/**
 * The sign-in guard (docs/architecture.md#9-the-products-rules): a loading screen while the auth state (and the shop's session)
 * loads, /login when nobody is signed in, remembering the page asked for.
 */
export function RequireAuth() {
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  if (auth.status === 'signedOut') {
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (auth.session) return <Outlet />;
  if (auth.syncError) {
    return (
      <div className="container narrow">
        <FormMessage kind="error">{auth.syncError}</FormMessage>
      </div>
    );
  }
  return <LoadingScreen />;
}
