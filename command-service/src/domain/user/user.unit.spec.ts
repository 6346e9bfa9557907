import { describe, it } from 'vitest';
import { messages, type UserEvent } from '@toolforge/contracts';
import { deciderSpec, fact } from '../../test/deciderSpec.js';
import { decideUser, type UserCommand } from './decide.js';
import { evolveUser, type UserState } from './user.js';

const policy = { adminEmails: new Set(['boss@toolforge.test']) };
const spec = deciderSpec<UserState | undefined, UserEvent, UserCommand>({
  evolve: evolveUser,
  initial: undefined,
  decide: (command, state) => decideUser(command, state, policy),
});

const signIn = (email: string, emailVerified = true): UserCommand => ({
  type: 'SignIn',
  data: { uid: 'u1', email, emailVerified, name: 'Ada', photoURL: null },
});
const signedIn = (email: string) =>
  ({ type: 'UserSignedIn', data: { uid: 'u1', email, name: 'Ada', photoURL: null, emailVerified: true } }) as const;

describe('user decider', () => {
  it('signs a customer in without a role', () => {
    spec.given([]).when(signIn('ada@toolforge.test')).then([signedIn('ada@toolforge.test')]);
  });

  it('grants admin to a verified ADMIN_EMAILS account on its first sign-in', () => {
    spec
      .given([])
      .when(signIn('Boss@toolforge.test'))
      .then([
        signedIn('Boss@toolforge.test'),
        { type: 'AdminGranted', data: { uid: 'u1', email: 'Boss@toolforge.test', reason: 'ADMIN_EMAILS' } },
      ]);
  });

  it('does not grant admin to an unverified ADMIN_EMAILS address', () => {
    spec
      .given([])
      .when(signIn('boss@toolforge.test', false))
      .then([{ type: 'UserSignedIn', data: { uid: 'u1', email: 'boss@toolforge.test', name: 'Ada', photoURL: null, emailVerified: false } }]);
  });

  it('does not grant admin again to an admin', () => {
    spec
      .given([
        fact(signedIn('boss@toolforge.test')),
        fact({ type: 'AdminGranted', data: { uid: 'u1', email: 'boss@toolforge.test', reason: 'ADMIN_EMAILS' } } as const),
      ])
      .when(signIn('boss@toolforge.test'))
      .then([signedIn('boss@toolforge.test')]);
  });

  it('signs out', () => {
    spec.given([fact(signedIn('ada@toolforge.test'))]).when({ type: 'SignOut', data: { uid: 'u1' } }).then([
      { type: 'UserSignedOut', data: { uid: 'u1' } },
    ]);
  });

  it('grants admin by an admin, once', () => {
    const grant: UserCommand = { type: 'GrantAdmin', data: { uid: 'u1', email: 'ada@toolforge.test' } };
    spec.given([fact(signedIn('ada@toolforge.test'))]).when(grant).then([
      { type: 'AdminGranted', data: { uid: 'u1', email: 'ada@toolforge.test', reason: 'granted-by-admin' } },
    ]);
    spec
      .given([fact({ type: 'AdminGranted', data: { uid: 'u1', email: 'ada@toolforge.test', reason: 'granted-by-admin' } } as const)])
      .when(grant)
      .thenRejects('conflict', messages.alreadyAdmin);
  });
});
