import { describe, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { deciderSpec, fact } from '../test/deciderSpec.js';
import { userDecider, type UserCommand } from './decide.js';

const spec = deciderSpec(userDecider({ adminEmails: new Set(['boss@toolforge.test']) }));

const signIn = (email: string, emailVerified = true): UserCommand => ({
  type: 'SignIn',
  data: { uid: 'u1', email, emailVerified, name: 'Ada', photoURL: null },
});
const signedIn = (email: string) =>
  ({ type: 'UserSignedIn', data: { uid: 'u1', email, name: 'Ada', photoURL: null, emailVerified: true } }) as const;

describe('user decider', () => {
  it('records nothing for a sign-in of an account signed in already as it is', () => {
    spec
      .given([fact(signedIn('ada@toolforge.test'))])
      .when(signIn('ada@toolforge.test'))
      .then([]);
  });

  it('records a sign-in that changes what the shop knows, or that follows a sign-out', () => {
    spec
      .given([fact(signedIn('ada@toolforge.test'))])
      .when({ type: 'SignIn', data: { uid: 'u1', email: 'ada@toolforge.test', emailVerified: true, name: 'Ada L.', photoURL: null } })
      .then([
        { type: 'UserSignedIn', data: { uid: 'u1', email: 'ada@toolforge.test', name: 'Ada L.', photoURL: null, emailVerified: true } },
      ]);
    spec
      .given([fact(signedIn('ada@toolforge.test'))])
      .when(signIn('ada@toolforge.test', false))
      .then([
        { type: 'UserSignedIn', data: { uid: 'u1', email: 'ada@toolforge.test', name: 'Ada', photoURL: null, emailVerified: false } },
      ]);
    spec
      .given([fact(signedIn('ada@toolforge.test')), fact({ type: 'UserSignedOut', data: { uid: 'u1' } } as const)])
      .when(signIn('ada@toolforge.test'))
      .then([signedIn('ada@toolforge.test')]);
  });

  it('signs a customer in without a role', () => {
    spec
      .given([])
      .when(signIn('ada@toolforge.test'))
      .then([signedIn('ada@toolforge.test')]);
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
      .then([
        { type: 'UserSignedIn', data: { uid: 'u1', email: 'boss@toolforge.test', name: 'Ada', photoURL: null, emailVerified: false } },
      ]);
  });

  it('does not grant admin again to an admin', () => {
    spec
      .given([
        fact(signedIn('boss@toolforge.test')),
        fact({ type: 'AdminGranted', data: { uid: 'u1', email: 'boss@toolforge.test', reason: 'ADMIN_EMAILS' } } as const),
      ])
      .when(signIn('boss@toolforge.test'))
      .then([]);
  });

  it('signs out', () => {
    spec
      .given([fact(signedIn('ada@toolforge.test'))])
      .when({ type: 'SignOut', data: { uid: 'u1' } })
      .then([{ type: 'UserSignedOut', data: { uid: 'u1' } }]);
  });

  const granted = (reason: 'ADMIN_EMAILS' | 'granted-by-admin' = 'granted-by-admin', email = 'ada@toolforge.test') =>
    ({ type: 'AdminGranted', data: { uid: 'u1', email, reason } }) as const;
  const revoked = (email = 'ada@toolforge.test') => ({ type: 'AdminRevoked', data: { uid: 'u1', email } }) as const;
  const grant = (emailVerified = true): UserCommand => ({
    type: 'GrantAdmin',
    data: { uid: 'u1', email: 'ada@toolforge.test', emailVerified },
  });
  const revoke = (otherAdmins: number, email = 'ada@toolforge.test'): UserCommand => ({
    type: 'RevokeAdmin',
    data: { uid: 'u1', email, otherAdmins },
  });

  it('grants admin by an admin, once', () => {
    spec
      .given([fact(signedIn('ada@toolforge.test'))])
      .when(grant())
      .then([granted()]);
    spec
      .given([fact(granted())])
      .when(grant())
      .thenRejects('conflict', messages.alreadyAdmin);
  });

  it('does not grant admin by an admin to an address not yet verified', () => {
    spec
      .given([fact(signedIn('ada@toolforge.test'))])
      .when(grant(false))
      .thenRejects('conflict', messages.adminEmailUnverified);
  });

  it('revokes an admin while the shop has another', () => {
    spec
      .given([fact(signedIn('ada@toolforge.test')), fact(granted())])
      .when(revoke(1))
      .then([revoked()]);
  });

  it('does not revoke the shop’s last admin', () => {
    spec
      .given([fact(signedIn('ada@toolforge.test')), fact(granted())])
      .when(revoke(0))
      .thenRejects('conflict', messages.lastAdmin);
  });

  it('does not revoke an account that is not an admin', () => {
    spec
      .given([fact(signedIn('ada@toolforge.test'))])
      .when(revoke(2))
      .thenRejects('conflict', messages.notAdmin);
    spec.given([]).when(revoke(2)).thenRejects('conflict', messages.notAdmin);
    spec
      .given([fact(granted()), fact(revoked())])
      .when(revoke(2))
      .thenRejects('conflict', messages.notAdmin);
  });

  it('does not grant admin again through ADMIN_EMAILS to a revoked account at its next sign-in', () => {
    spec
      .given([
        fact(signedIn('boss@toolforge.test')),
        fact(granted('ADMIN_EMAILS', 'boss@toolforge.test')),
        fact(revoked('boss@toolforge.test')),
      ])
      .when(signIn('boss@toolforge.test'))
      .then([signedIn('boss@toolforge.test')]);
  });

  it('lets an admin grant the role again to a revoked account, which ADMIN_EMAILS then leaves as it is', () => {
    const history = [
      fact(signedIn('boss@toolforge.test')),
      fact(granted('ADMIN_EMAILS', 'boss@toolforge.test')),
      fact(revoked('boss@toolforge.test')),
    ];
    spec
      .given(history)
      .when({ type: 'GrantAdmin', data: { uid: 'u1', email: 'boss@toolforge.test', emailVerified: true } })
      .then([granted('granted-by-admin', 'boss@toolforge.test')]);
    spec
      .given([...history, fact(granted('granted-by-admin', 'boss@toolforge.test'))])
      .when(signIn('boss@toolforge.test'))
      .then([signedIn('boss@toolforge.test')]);
  });

  it('records an erasure once, of an account it knows, and refuses the erased account every other command', () => {
    const forget = { type: 'Forget', data: { uid: 'u1', by: 'customer' } } as const;
    const forgotten = { type: 'CustomerForgotten', data: { uid: 'u1', by: 'customer' } } as const;
    spec
      .given([fact(signedIn('ada@toolforge.test'))])
      .when(forget)
      .then([forgotten]);
    spec.given([]).when(forget).thenRejects('not-found', messages.accountNotFound);
    spec
      .given([fact(signedIn('ada@toolforge.test')), fact(forgotten)])
      .when(forget)
      .then([]);
    spec
      .given([fact(signedIn('ada@toolforge.test')), fact(forgotten)])
      .when(signIn('ada@toolforge.test'))
      .thenRejects('forbidden', messages.accountForgotten);
    spec
      .given([fact(signedIn('boss@toolforge.test')), fact(forgotten)])
      .when({ type: 'GrantAdmin', data: { uid: 'u1', email: 'boss@toolforge.test', emailVerified: true } })
      .thenRejects('forbidden', messages.accountForgotten);
  });
});
