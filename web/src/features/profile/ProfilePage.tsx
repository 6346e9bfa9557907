import { messages } from '@toolforge/contracts';
import { useAppSelector } from '../../app/hooks';
import { useAuthForm } from '../auth/useAuthForm';
import { YourData } from '../privacy/YourData';
import { DisplayNameForm } from './DisplayNameForm';

const PROVIDER_LABELS: Record<string, string> = { password: 'Email and password', 'google.com': 'Google' };

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase());
  return letters.join('') || '?';
}

/** My Profile: who the identity provider and the shop's server say the user is. */
export default function ProfilePage() {
  useAuthForm();
  const user = useAppSelector((state) => state.auth.user);
  const session = useAppSelector((state) => state.auth.session);
  if (!user || !session) {
    return (
      <div className="dashboard-panel">
        <h2>My Profile</h2>
        <p className="form-message form-message--error">{messages.noUserLoggedIn}</p>
      </div>
    );
  }
  const name = session.user.name || user.displayName || '';
  return (
    <div className="dashboard-panel profile">
      <h2>My Profile</h2>
      <div className="profile-card">
        {user.photoURL ? (
          <img className="avatar" src={user.photoURL} alt={`Photo of ${name || user.email}`} width="96" height="96" />
        ) : (
          <span className="avatar avatar--initials" role="img" aria-label={`Initials of ${name || user.email}`}>
            {initialsOf(name || user.email || '')}
          </span>
        )}
        <dl className="profile-facts">
          <div>
            <dt>Name</dt>
            <dd>{name || 'Not set'}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              {user.email}{' '}
              <span className={user.emailVerified ? 'badge badge--ok' : 'badge badge--warn'}>
                {user.emailVerified ? 'verified' : 'not verified'}
              </span>
            </dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{session.user.admin ? 'Admin' : 'Customer'}</dd>
          </div>
          <div>
            <dt>Signs in with</dt>
            <dd>{user.providerIds.map((id) => PROVIDER_LABELS[id] ?? id).join(', ') || 'Email and password'}</dd>
          </div>
        </dl>
      </div>
      <DisplayNameForm current={name} />
      <YourData providerIds={user.providerIds} />
    </div>
  );
}
