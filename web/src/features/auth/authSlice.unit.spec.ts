import { describe, expect, it } from 'vitest';
import type { IdentityUser } from './identityProvider';
import { authReducer, flowStarted, identityChanged, sessionStarted, signedOut } from './authSlice';

const ada: IdentityUser = {
  uid: 'u-1',
  displayName: 'Ada',
  email: 'ada@toolforge.test',
  photoURL: null,
  emailVerified: true,
  providerIds: ['password'],
};
const session = { accessToken: 'token', user: { uid: 'u-1', name: 'Ada', email: 'ada@toolforge.test', admin: false } };

describe('auth state', () => {
  it('is loading until the identity provider has spoken', () => {
    expect(authReducer(undefined, { type: 'init' }).status).toBe('loading');
  });

  it("drops the shop session when another person signs in, and keeps it on the same person's token refresh", () => {
    let state = authReducer(undefined, identityChanged(ada));
    state = authReducer(state, sessionStarted(session));
    expect(authReducer(state, identityChanged({ ...ada, displayName: 'Ada L.' })).session).toEqual(session);
    expect(authReducer(state, identityChanged({ ...ada, uid: 'u-2' })).session).toBeNull();
  });

  it('forgets the user and the session on sign-out, but not the logout flow still finishing', () => {
    let state = authReducer(undefined, identityChanged(ada));
    state = authReducer(state, sessionStarted(session));
    state = authReducer(state, flowStarted('logout'));
    state = authReducer(state, signedOut());
    expect(state).toMatchObject({ status: 'signedOut', user: null, session: null, flow: 'logout' });
  });
});
