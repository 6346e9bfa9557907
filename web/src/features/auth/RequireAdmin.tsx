import { Link, Outlet } from 'react-router-dom';
import { messages } from '@toolforge/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectIsAdmin } from './selectors';

/** The admin dashboard is for admins as the server knows them (the API token's admin claim). */
export function RequireAdmin() {
  const isAdmin = useAppSelector(selectIsAdmin);
  if (isAdmin) return <Outlet />;
  return (
    <section className="container narrow">
      <h1>Admin dashboard</h1>
      <p className="form-message form-message--error" role="alert">
        {messages.forbiddenAdmin}
      </p>
      <Link to="/userdashboard" className="button">
        Go to my dashboard
      </Link>
    </section>
  );
}
