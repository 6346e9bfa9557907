import type { StoredEvent, UserEvent } from '@toolforge/contracts';
import type { RowWrite } from '@toolforge/platform';

/** identity.users → users: who signed in and out, and who is an admin (DESIGN §5). */
export function projectUserEvent(event: StoredEvent<UserEvent>): RowWrite[] {
  switch (event.type) {
    case 'UserSignedIn': {
      const { uid, email, name, photoURL, emailVerified } = event.data;
      return [{ kind: 'signInUser', user: { uid, email, name, photoURL, emailVerified, at: event.meta.occurredAt } }];
    }
    case 'UserSignedOut':
      return [{ kind: 'signOutUser', uid: event.data.uid, at: event.meta.occurredAt }];
    case 'AdminGranted':
      return [{ kind: 'grantAdmin', uid: event.data.uid, email: event.data.email }];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
