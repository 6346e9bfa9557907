import type { UserEvent } from '@toolforge/contracts';
import type { IdentityWrite } from './writes.js';
import type { StoredEvent } from '@toolforge/platform';

/**
 * identity.users → users: who signed in and out, who is an admin, and when each account's
 * sessions last ended. Every write carries the event's position in the account's
 * stream, which the API tokens are judged by. An erased account keeps its row, its personal values
 * as they read once its key is gone (contracts' forgottenValue) and its sessions ended.
 */
export function projectUserEvent(event: StoredEvent<UserEvent>): IdentityWrite[] {
  const version = event.streamPosition;
  switch (event.type) {
    case 'UserSignedIn': {
      const { uid, email, name, photoURL, emailVerified } = event.data;
      return [{ kind: 'signInUser', user: { uid, email, name, photoURL, emailVerified, at: event.meta.occurredAt }, version }];
    }
    case 'UserSignedOut':
      return [{ kind: 'signOutUser', uid: event.data.uid, at: event.meta.occurredAt, version }];
    case 'AdminGranted':
      return [{ kind: 'grantAdmin', uid: event.data.uid, email: event.data.email, version }];
    case 'AdminRevoked':
      return [{ kind: 'revokeAdmin', uid: event.data.uid, email: event.data.email, version }];
    case 'CustomerForgotten':
      return [{ kind: 'forgetUser', uid: event.data.uid, version }];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
