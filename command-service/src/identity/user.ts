import type { UserEvent } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

export interface UserState {
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly admin: boolean;
  /** The last word on the role was a revocation: ADMIN_EMAILS does not grant it again by itself. */
  readonly adminRevoked: boolean;
  readonly signedIn: boolean;
}

const unknownUser = (uid: string, email = ''): UserState => ({ uid, email, name: '', admin: false, adminRevoked: false, signedIn: false });

export type UserFact = Decided<UserEvent>;

export function evolveUser(state: UserState | undefined, event: UserFact): UserState {
  switch (event.type) {
    case 'UserSignedIn':
      return {
        ...(state ?? unknownUser(event.data.uid)),
        email: event.data.email,
        name: event.data.name,
        signedIn: true,
      };
    case 'UserSignedOut':
      return { ...(state ?? unknownUser(event.data.uid)), signedIn: false };
    case 'AdminGranted':
      return { ...(state ?? unknownUser(event.data.uid, event.data.email)), admin: true, adminRevoked: false };
    case 'AdminRevoked':
      return { ...(state ?? unknownUser(event.data.uid, event.data.email)), admin: false, adminRevoked: true };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
