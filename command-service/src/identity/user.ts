import { forgottenValue, type UserEvent } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

export interface UserState {
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly photoURL: string | null;
  /** Whether the account has proved it owns its address, as of its last sign-in. */
  readonly emailVerified: boolean;
  readonly admin: boolean;
  /** The last word on the role was a revocation: ADMIN_EMAILS does not grant it again by itself. */
  readonly adminRevoked: boolean;
  /** Signed in, and no sign-out or revocation has ended its sessions since. */
  readonly signedIn: boolean;
  /** Erased (CustomerForgotten): it never signs in or takes a role again (docs/privacy.md). */
  readonly forgotten: boolean;
}

const unknownUser = (uid: string, email = ''): UserState => ({
  uid,
  email,
  name: '',
  photoURL: null,
  emailVerified: false,
  admin: false,
  adminRevoked: false,
  signedIn: false,
  forgotten: false,
});

export type UserFact = Decided<UserEvent>;

export function evolveUser(state: UserState | undefined, event: UserFact): UserState {
  switch (event.type) {
    case 'UserSignedIn':
      return {
        ...(state ?? unknownUser(event.data.uid)),
        email: event.data.email,
        name: event.data.name,
        photoURL: event.data.photoURL,
        emailVerified: event.data.emailVerified,
        signedIn: true,
      };
    case 'UserSignedOut':
      return { ...(state ?? unknownUser(event.data.uid)), signedIn: false };
    case 'AdminGranted':
      return { ...(state ?? unknownUser(event.data.uid, event.data.email)), admin: true, adminRevoked: false };
    case 'AdminRevoked':
      // A revocation ends the account's sessions as a sign-out does: its next sign-in is recorded.
      return { ...(state ?? unknownUser(event.data.uid, event.data.email)), admin: false, adminRevoked: true, signedIn: false };
    case 'CustomerForgotten':
      // What it held of the person reads as it does once the key is destroyed, as the read model's row.
      return {
        ...unknownUser(event.data.uid, forgottenValue('email') ?? ''),
        name: forgottenValue('name') ?? '',
        adminRevoked: state?.adminRevoked ?? false,
        forgotten: true,
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
