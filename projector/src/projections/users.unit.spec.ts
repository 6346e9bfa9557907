import { describe, expect, it } from 'vitest';
import { adminGranted, stored, userSignedIn, userSignedOut } from '@toolforge/contracts/testing';
import { project } from './index.js';

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
      },
    ]);
  });

  it('records a sign-out', () => {
    const event = userSignedOut('u-1', { occurredAt: '2022-06-01T09:00:00.000Z' });
    expect(project(stored(event, 1, 2))).toEqual([{ kind: 'signOutUser', uid: 'u-1', at: '2022-06-01T09:00:00.000Z' }]);
  });

  it('makes a granted account an admin', () => {
    expect(project(stored(adminGranted('u-1', 'ada@toolforge.test'), 2, 3))).toEqual([
      { kind: 'grantAdmin', uid: 'u-1', email: 'ada@toolforge.test' },
    ]);
  });
});
