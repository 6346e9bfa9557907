import { messages, type UserEvent } from '@toolforge/contracts';
import { CommandRejected, type Decided, type Decider } from '../shared/decider.js';
import { evolveUser, type UserFact, type UserState } from './user.js';

export type SignIn = {
  type: 'SignIn';
  data: { uid: string; email: string; emailVerified: boolean; name: string; photoURL: string | null };
};
export type SignOut = { type: 'SignOut'; data: { uid: string } };
/** `emailVerified`: whether the account has proved it owns its address (Firebase's word). */
export type GrantAdmin = { type: 'GrantAdmin'; data: { uid: string; email: string; emailVerified: boolean } };
/** `otherAdmins`: how many admins the shop has besides this account. */
export type RevokeAdmin = { type: 'RevokeAdmin'; data: { uid: string; email: string; otherAdmins: number } };
/**
 * The operator's break-glass grant on the host (`toolforge admins grant`): as an admin's grant, but
 * for when no admin is left to make it (a rogue admin revoked the others). Like an admin's grant it
 * outranks an earlier revocation, which ADMIN_EMAILS never does.
 */
export type BreakGlassGrant = { type: 'BreakGlassGrant'; data: GrantAdmin['data'] };
/** Erase the account (docs/privacy.md): by the customer, or by the operator on the host. */
export type Forget = { type: 'Forget'; data: { uid: string; by: 'customer' | 'operator' } };
export type UserCommand = SignIn | SignOut | GrantAdmin | BreakGlassGrant | RevokeAdmin | Forget;

export interface RolePolicy {
  /** ADMIN_EMAILS, lower-case: these accounts are admins from their first sign-in. */
  readonly adminEmails: ReadonlySet<string>;
}

export function decideUser(command: UserCommand, state: UserState | undefined, policy: RolePolicy): Decided<UserEvent>[] {
  // An erased account is gone for good: erasing it again changes nothing, anything else is refused.
  if (state?.forgotten) {
    if (command.type === 'Forget') return [];
    throw new CommandRejected('forbidden', messages.accountForgotten);
  }
  switch (command.type) {
    case 'SignIn': {
      const { uid, email, emailVerified, name, photoURL } = command.data;
      const signedIn: Decided<UserEvent> = { type: 'UserSignedIn', data: { uid, email, name, photoURL, emailVerified } };
      // Only a verified address proves the account owns an ADMIN_EMAILS mailbox; and an admin who
      // took the role back has the last word over the configuration.
      const configuredAdmin = emailVerified && policy.adminEmails.has(email.toLowerCase());
      const grant = configuredAdmin && !state?.admin && !state?.adminRevoked;
      if (grant) return [signedIn, { type: 'AdminGranted', data: { uid, email, reason: 'ADMIN_EMAILS' } }];
      // Signed in already, as it is now: nothing to record (a client that syncs on every page load
      // or token refresh must not grow the log, nor the time the shop takes to start).
      if (state?.signedIn && isSameSignIn(state, signedIn.data)) return [];
      return [signedIn];
    }
    case 'SignOut':
      return [{ type: 'UserSignedOut', data: { uid: command.data.uid } }];
    case 'GrantAdmin':
    case 'BreakGlassGrant': {
      const { uid, email, emailVerified } = command.data;
      if (state?.admin) throw new CommandRejected('conflict', messages.alreadyAdmin);
      // As for ADMIN_EMAILS: the role goes to whoever proved they own the address, never to a claim of it
      // (the operator names an address too, and an unverified account may only claim it).
      if (!emailVerified) throw new CommandRejected('conflict', messages.adminEmailUnverified);
      const reason = command.type === 'GrantAdmin' ? 'granted-by-admin' : 'break-glass';
      return [{ type: 'AdminGranted', data: { uid, email, reason } }];
    }
    case 'RevokeAdmin': {
      const { uid, email, otherAdmins } = command.data;
      if (!state?.admin) throw new CommandRejected('conflict', messages.notAdmin);
      if (otherAdmins === 0) throw new CommandRejected('conflict', messages.lastAdmin);
      return [{ type: 'AdminRevoked', data: { uid, email } }];
    }
    case 'Forget':
      return decideForget(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/**
 * Erase the account (the privacy feature's use case asks it, once the key is destroyed): its erasure
 * is recorded once; an account the log never knew has nothing to erase.
 */
export function decideForget(command: Forget, state: UserState | undefined): Decided<UserEvent>[] {
  if (!state) throw new CommandRejected('not-found', messages.accountNotFound);
  if (state.forgotten) return [];
  return [{ type: 'CustomerForgotten', data: command.data }];
}

function isSameSignIn(state: UserState, signIn: Omit<UserState, 'admin' | 'adminRevoked' | 'signedIn' | 'forgotten'>): boolean {
  return (
    state.email === signIn.email &&
    state.name === signIn.name &&
    state.photoURL === signIn.photoURL &&
    state.emailVerified === signIn.emailVerified
  );
}

/** An account's sign-ins, sign-outs and role, under the shop's role policy (ADMIN_EMAILS). */
export function userDecider(policy: RolePolicy): Decider<UserState | undefined, UserCommand, UserFact> {
  return {
    decide: (command, state) => decideUser(command, state, policy),
    evolve: evolveUser,
    initialState: () => undefined,
  };
}
