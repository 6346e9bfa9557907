import { describe, expect, it } from 'vitest';
import { adminGranted, adminRevoked, userSignedIn, userSignedOut } from '@toolforge/contracts/testing';
import { project } from '../projection.js';
import { stored } from '@toolforge/platform/testing';

describe('users projection', () => {
  it('records a sign-in with the account’s name, email and verification', () => {
    const event = userSignedIn(
      { uid: 'u-1', email: 'ada@toolforge.test', name: 'Ada', photoURL: 'https://example.test/ada.png', emailVerified: true },
      { occurredAt: '2022-06-01T08:00:00.000Z' },
    );
    expect(project(stored(event, 0))).toEqual([
      {
        kind: 'signInUser',
        user: {
          uid: 'u-1',
          email: 'ada@toolforge.test',
          name: 'Ada',
          photoURL: 'https://example.test/ada.png',
          emailVerified: true,
          at: '2022-06-01T08:00:00.000Z',
        },
        version: 1,
      },
    ]);
  });

  it('records a sign-out, at its version in the account’s stream (it ends the sessions issued before)', () => {
    const event = userSignedOut('u-1', { occurredAt: '2022-06-01T09:00:00.000Z' });
    expect(project(stored(event, 1, 2))).toEqual([{ kind: 'signOutUser', uid: 'u-1', at: '2022-06-01T09:00:00.000Z', version: 2 }]);
  });

  it('makes a granted account an admin', () => {
    expect(project(stored(adminGranted('u-1', 'ada@toolforge.test'), 2, 3))).toEqual([
      { kind: 'grantAdmin', uid: 'u-1', email: 'ada@toolforge.test', version: 3 },
    ]);
  });

  it('takes the role back from a revoked admin, at its version (which ends the account’s sessions)', () => {
    expect(project(stored(adminRevoked('u-1', 'ada@toolforge.test'), 3, 4))).toEqual([
      { kind: 'revokeAdmin', uid: 'u-1', email: 'ada@toolforge.test', version: 4 },
    ]);
  });
});
