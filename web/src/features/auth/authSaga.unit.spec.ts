import { describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { CommandRefused } from '../../api/commandClient';
import { answerOf } from '../../test/fakeCommands';
import { createTestStore, waitForState } from '../../test/testStore';
import { PROFILE_UPDATED, verificationSent } from './authSaga';
import { displayNameChangeRequested, loginRequested, logoutRequested, passwordResetRequested, registerRequested } from './authSlice';

const signedOutAtStart = async () => {
  const shop = createTestStore();
  await waitForState(shop.store, (state) => state.auth.status === 'signedOut');
  return shop;
};

describe('login sync (docs/architecture.md#9-the-products-rules)', () => {
  it('signs in with the provider, syncs with the ID token, keeps the API token and returns to the requested page', async () => {
    const shop = await signedOutAtStart();
    shop.identity.addAccount('ada@toolforge.test', 'secret1', { displayName: 'Ada Smith' });

    shop.store.dispatch(loginRequested({ email: 'ada@toolforge.test', password: 'secret1', from: '/allproducts' }));

    const session = await waitForState(shop.store, (state) => state.auth.session);
    expect(shop.commands.login).toHaveBeenCalledTimes(1);
    const [idToken, body] = shop.commands.login.mock.calls[0]!;
    expect(idToken).toMatch(/^id-token:uid-1:/);
    expect(body).toEqual({ uid: 'uid-1', name: 'Ada Smith', email: 'ada@toolforge.test', loggedIn: true });
    expect(session).toEqual({
      accessToken: `api-token-for:${idToken}`,
      user: { uid: 'uid-1', name: 'Ada Smith', email: 'ada@toolforge.test', admin: false },
    });
    await waitForState(shop.store, (state) => state.auth.flow === null);
    expect(shop.navigate).toHaveBeenCalledWith('/allproducts', { replace: true });
    expect(shop.store.getState().readAfter.positions['identity.users']).toBe((await answerOf(shop.commands.login)).position);
  });

  it('takes the admin flag from the server, not from the display name', async () => {
    const shop = await signedOutAtStart();
    shop.identity.addAccount('named@toolforge.test', 'secret1', { displayName: 'Has A Name' });
    shop.identity.addAccount('admin@toolforge.test', 'secret1', { displayName: null });

    shop.store.dispatch(loginRequested({ email: 'named@toolforge.test', password: 'secret1', from: '/' }));
    expect((await waitForState(shop.store, (state) => state.auth.session)).user.admin).toBe(false);

    shop.store.dispatch(logoutRequested());
    await waitForState(shop.store, (state) => state.auth.status === 'signedOut' && state.auth.flow === null);
    shop.store.dispatch(loginRequested({ email: 'admin@toolforge.test', password: 'secret1', from: '/' }));
    expect((await waitForState(shop.store, (state) => state.auth.session)).user.admin).toBe(true);
  });

  it("shows the provider's message under the form and never calls the server on a wrong password", async () => {
    const shop = await signedOutAtStart();
    shop.identity.addAccount('ada@toolforge.test', 'secret1');

    shop.store.dispatch(loginRequested({ email: 'ada@toolforge.test', password: 'wrong1', from: '/' }));

    const formError = await waitForState(shop.store, (state) => state.auth.formError);
    expect(formError).toBe('Firebase: Error (auth/invalid-credential).');
    expect(shop.commands.login).not.toHaveBeenCalled();
    expect(shop.navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['refused', () => Promise.reject(new CommandRefused('Your sign-in could not be verified', 401))],
    ['not acknowledged', () => Promise.resolve({ acknowledged: false } as never)],
  ])('says "Something went wrong" when the sync is %s, and stays on the page', async (_case, answer) => {
    const shop = await signedOutAtStart();
    shop.identity.addAccount('ada@toolforge.test', 'secret1');
    shop.commands.login.mockImplementationOnce(answer);

    shop.store.dispatch(loginRequested({ email: 'ada@toolforge.test', password: 'secret1', from: '/' }));

    expect(await waitForState(shop.store, (state) => state.auth.syncError)).toBe(messages.syncFailed);
    expect(shop.store.getState().auth.session).toBeNull();
    expect(shop.navigate).not.toHaveBeenCalled();
  });

  it('syncs a user remembered from an earlier visit, and again when the ID token is refreshed', async () => {
    // Firebase restores the user asynchronously after the store subscribed.
    const { store, identity, commands } = createTestStore();
    identity.addAccount('ada@toolforge.test', 'secret1', { displayName: 'Ada' });
    identity.remember('ada@toolforge.test');

    const first = await waitForState(store, (state) => state.auth.session);
    expect(store.getState().auth.status).toBe('signedIn');
    expect(commands.login.mock.calls[0]![1]).toEqual({ uid: 'uid-1', name: 'Ada', email: 'ada@toolforge.test', loggedIn: true });

    identity.refreshToken();
    const renewed = await waitForState(store, (state) => state.auth.session?.accessToken !== first.accessToken && state.auth.session);
    expect(renewed.accessToken).toBe('api-token-for:id-token:uid-1:1');
    expect(commands.login).toHaveBeenCalledTimes(2);
  });
});

describe('register (docs/architecture.md#9-the-products-rules)', () => {
  it('creates the account, sets the display name and sends the verification email before the sync, then goes home', async () => {
    const shop = await signedOutAtStart();

    shop.store.dispatch(registerRequested({ fullName: 'Grace Lee', email: 'grace@toolforge.test', password: 'secret1' }));

    await waitForState(shop.store, (state) => state.auth.session);
    expect(shop.identity.steps).toEqual(['createAccount', 'updateDisplayName:Grace Lee', 'sendVerificationEmail']);
    expect(shop.identity.sentVerifications).toEqual(['grace@toolforge.test']);
    expect(shop.commands.login).toHaveBeenCalledTimes(1);
    expect(shop.commands.login.mock.calls[0]![1]).toMatchObject({ name: 'Grace Lee', email: 'grace@toolforge.test' });
    await waitForState(shop.store, (state) => state.auth.flow === null);
    expect(shop.navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(shop.store.getState().toasts.items.map((toast) => toast.text)).toContain(verificationSent('grace@toolforge.test'));
  });

  it("shows the provider's message when the email is taken", async () => {
    const shop = await signedOutAtStart();
    shop.identity.addAccount('grace@toolforge.test', 'secret1');

    shop.store.dispatch(registerRequested({ fullName: 'Grace Lee', email: 'grace@toolforge.test', password: 'secret1' }));

    expect(await waitForState(shop.store, (state) => state.auth.formError)).toBe('Firebase: Error (auth/email-already-in-use).');
    expect(shop.commands.login).not.toHaveBeenCalled();
  });
});

describe('logout (docs/architecture.md#9-the-products-rules)', () => {
  async function signedIn() {
    const shop = await signedOutAtStart();
    shop.identity.addAccount('ada@toolforge.test', 'secret1');
    shop.store.dispatch(loginRequested({ email: 'ada@toolforge.test', password: 'secret1', from: '/' }));
    await waitForState(shop.store, (state) => state.auth.session && state.auth.flow === null);
    shop.navigate.mockClear();
    return shop;
  }

  it('tells the server first and signs out of the provider once it acknowledged', async () => {
    const shop = await signedIn();
    const { accessToken } = shop.store.getState().auth.session!;

    shop.store.dispatch(logoutRequested());

    await waitForState(shop.store, (state) => state.auth.status === 'signedOut' && state.auth.flow === null);
    expect(shop.commands.logout).toHaveBeenCalledWith(accessToken, { uid: 'uid-1', loggedIn: false });
    expect(shop.identity.steps.slice(-1)).toEqual(['signOut']);
    expect(shop.identity.currentUser()).toBeNull();
    expect(shop.store.getState().auth.session).toBeNull();
    expect(shop.navigate).toHaveBeenCalledWith('/', { replace: true, flushSync: true });
  });

  it('stays signed in when the server does not acknowledge', async () => {
    const shop = await signedIn();
    shop.commands.logout.mockResolvedValueOnce({ acknowledged: false } as never);

    shop.store.dispatch(logoutRequested());

    await waitForState(shop.store, (state) => state.toasts.items.length > 0 && state.auth.flow === null);
    expect(shop.identity.steps).not.toContain('signOut');
    expect(shop.store.getState().auth.status).toBe('signedIn');
    expect(shop.store.getState().toasts.items[0]!.text).toBe(messages.syncFailed);
  });

  it("shows the server's message and stays signed in when the call fails", async () => {
    const shop = await signedIn();
    shop.commands.logout.mockRejectedValueOnce(new CommandRefused('Service unavailable', 503));

    shop.store.dispatch(logoutRequested());

    await waitForState(shop.store, (state) => state.toasts.items.some((toast) => toast.text === 'Service unavailable'));
    expect(shop.identity.steps).not.toContain('signOut');
  });

  it('signs out of the provider when the server no longer knows the API token', async () => {
    const shop = await signedIn();
    shop.commands.logout.mockRejectedValueOnce(new CommandRefused(messages.unauthenticated, 401));

    shop.store.dispatch(logoutRequested());

    await waitForState(shop.store, (state) => state.auth.status === 'signedOut');
    expect(shop.identity.steps.slice(-1)).toEqual(['signOut']);
  });
});

describe('password reset and profile', () => {
  it("toasts 'Sending password reset link to your email' and shows the provider's error", async () => {
    const shop = await signedOutAtStart();
    shop.identity.addAccount('ada@toolforge.test', 'secret1');

    shop.store.dispatch(passwordResetRequested({ email: 'ada@toolforge.test' }));
    await waitForState(shop.store, (state) => shop.identity.sentResets.length === 1 && state.auth.flow === null);
    expect(shop.store.getState().toasts.items.map((toast) => toast.text)).toEqual([messages.resetLinkSent]);

    shop.store.dispatch(passwordResetRequested({ email: 'nobody@toolforge.test' }));
    expect(await waitForState(shop.store, (state) => state.auth.formError)).toBe('Firebase: Error (auth/user-not-found).');
  });

  it("says 'No user is logged in' when the profile is updated without a user", async () => {
    const shop = await signedOutAtStart();

    shop.store.dispatch(displayNameChangeRequested({ displayName: 'Ada' }));

    expect(await waitForState(shop.store, (state) => state.auth.formError)).toBe(messages.noUserLoggedIn);
  });

  it('renames the user at the provider and re-syncs so the API token carries the new name', async () => {
    const shop = await signedOutAtStart();
    shop.identity.addAccount('ada@toolforge.test', 'secret1', { displayName: 'Ada' });
    shop.store.dispatch(loginRequested({ email: 'ada@toolforge.test', password: 'secret1', from: '/' }));
    await waitForState(shop.store, (state) => state.auth.session && state.auth.flow === null);

    shop.store.dispatch(displayNameChangeRequested({ displayName: 'Ada Lovelace' }));

    await waitForState(shop.store, (state) => state.auth.session?.user.name === 'Ada Lovelace');
    expect(shop.store.getState().auth.user?.displayName).toBe('Ada Lovelace');
    expect(shop.commands.login.mock.calls.at(-1)![1]).toMatchObject({ name: 'Ada Lovelace' });
    await waitForState(shop.store, (state) => state.toasts.items.some((toast) => toast.text === PROFILE_UPDATED));
  });
});
