import { messages, type UserEvent } from '@toolforge/contracts';
import { CommandRejected, type Decided } from '../decided.js';
import type { UserState } from './user.js';

export type SignIn = {
  type: 'SignIn';
  data: { uid: string; email: string; emailVerified: boolean; name: string; photoURL: string | null };
};
export type SignOut = { type: 'SignOut'; data: { uid: string } };
export type GrantAdmin = { type: 'GrantAdmin'; data: { uid: string; email: string } };
export type UserCommand = SignIn | SignOut | GrantAdmin;

export interface RolePolicy {
  /** ADMIN_EMAILS, lower-case: these accounts are admins from their first sign-in. */
  readonly adminEmails: ReadonlySet<string>;
}

export function decideUser(command: UserCommand, state: UserState | undefined, policy: RolePolicy): Decided<UserEvent>[] {
  switch (command.type) {
    case 'SignIn': {
      const { uid, email, emailVerified, name, photoURL } = command.data;
      const signedIn: Decided<UserEvent> = { type: 'UserSignedIn', data: { uid, email, name, photoURL, emailVerified } };
      // Only a verified address proves the account owns an ADMIN_EMAILS mailbox.
      const configuredAdmin = emailVerified && policy.adminEmails.has(email.toLowerCase());
      if (!configuredAdmin || state?.admin) return [signedIn];
      return [signedIn, { type: 'AdminGranted', data: { uid, email, reason: 'ADMIN_EMAILS' } }];
    }
    case 'SignOut':
      return [{ type: 'UserSignedOut', data: { uid: command.data.uid } }];
    case 'GrantAdmin':
      if (state?.admin) throw new CommandRejected('conflict', messages.alreadyAdmin);
      return [{ type: 'AdminGranted', data: { ...command.data, reason: 'granted-by-admin' } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}
