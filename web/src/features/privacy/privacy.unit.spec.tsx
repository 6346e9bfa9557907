import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER, messages, type MyDataResponse } from '@toolforge/contracts';
import { CommandRefused } from '../../api/commandClient';
import { fakeFileServer, refusal, restoresBlobUrls } from '../../test/fakeFileServer';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { orderDto } from '../../test/orders';
import { renderShop } from '../../test/renderShop';
import { createTestStore, signedInTestStore, waitForState } from '../../test/testStore';
import { MY_DATA_FILE_NAME, MY_DATA_NOT_DOWNLOADED } from './privacyTexts';

restoresBlobUrls();

const myData: MyDataResponse = {
  exportedAt: '2026-11-28T15:00:00.000Z',
  profile: { uid: 'u-7', email: 'ada@toolforge.test', name: 'Ada', photoURL: null, emailVerified: true, admin: false },
  orders: [orderDto(1)],
  reviews: [],
  emails: [],
};
const jsonAnswer = (body: unknown) => () =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
const toasts = (shop: { store: ReturnType<typeof createTestStore>['store'] }) =>
  shop.store.getState().toasts.items.map(({ kind, text }) => ({ kind, text }));

/** My Profile of a signed-in customer (the home page's reads answered, for after an erasure). */
async function profile() {
  fakeQueryServer({ '/homeproducts': [], '/latestreviews': [] });
  const { accessToken, ...signedIn } = await signedInTestStore();
  const shop = renderShop('/userdashboard/profile', { shop: signedIn });
  const section = await screen.findByRole('region', { name: 'Your data' });
  return { ...shop, accessToken, section };
}

/** Opens the erasure's dialog from My Profile. */
async function openErasure() {
  const shop = await profile();
  const opener = within(shop.section).getByRole('button', { name: 'Erase my account' });
  await shop.user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Erase your account?' });
  return { ...shop, opener, dialog, password: within(dialog).getByLabelText('Password') };
}

describe("My Profile's Download my data", () => {
  it('reads GET /me/data with the bearer, after the customer’s own writes, and saves it as toolforge-my-data.json', async () => {
    const { fileRequests, saved, revoked } = fakeFileServer({ '/homeproducts': [] }, { '/me/data': jsonAnswer(myData) });
    const shop = await signedInTestStore();
    const { user } = renderShop('/userdashboard/profile', { shop });
    const download = await screen.findByRole('button', { name: 'Download my data' });

    await user.click(download);

    await waitFor(() => expect(saved).toHaveLength(1));
    const signedInAt = shop.store.getState().readAfter.positions['identity.users'];
    expect(signedInAt).toMatch(/^identity\.users\/0\/\d+$/);
    expect(fileRequests).toEqual([
      { path: '/me/data', headers: { authorization: `Bearer ${shop.accessToken}`, 'x-read-after': signedInAt } },
    ]);
    expect(saved[0]!.fileName).toBe(MY_DATA_FILE_NAME);
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(myData);
    await waitFor(() => expect(revoked).toEqual(['blob:http://shop.test/1']));
    await waitFor(() => expect(download.hasAttribute('disabled')).toBe(false));
    expect(toasts(shop)).toEqual([]);
  });

  it("says the server's refusal, or that an answer which is no JSON was not saved, and saves nothing", async () => {
    let answer = refusal(401, messages.unauthenticated);
    const { saved } = fakeFileServer({ '/homeproducts': [] }, { '/me/data': () => answer() });
    const shop = await signedInTestStore();
    const { user } = renderShop('/userdashboard/profile', { shop });
    const download = await screen.findByRole('button', { name: 'Download my data' });

    await user.click(download);
    expect(await screen.findByText(messages.unauthenticated)).toBeTruthy();
    answer = () => new Response('<html>Bad gateway</html>', { headers: { 'content-type': 'text/html' } });
    await waitFor(() => expect(download.hasAttribute('disabled')).toBe(false));
    await user.click(download);
    expect(await screen.findByText(MY_DATA_NOT_DOWNLOADED)).toBeTruthy();

    expect(toasts(shop)).toEqual([
      { kind: 'error', text: messages.unauthenticated },
      { kind: 'error', text: MY_DATA_NOT_DOWNLOADED },
    ]);
    expect(saved).toEqual([]);
  });
});

describe("My Profile's Erase my account", () => {
  it('opens a labelled dialog that says what happens, with the focus on the password, kept inside, and given back on Escape', async () => {
    const { dialog, password, opener, user, commands } = await openErasure();

    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toContain('personal data are erased');
    expect(description.textContent).toContain('orders are kept for the shop’s accounts, without your name or address');
    expect(description.textContent).toContain('invoices and credit notes are kept for as long as the law requires');
    expect(description.textContent).toContain(`shown as “${FORMER_CUSTOMER}”`);
    expect(description.textContent).toContain('cannot be undone');
    expect(document.activeElement).toBe(password);

    const erase = within(dialog).getByRole('button', { name: 'Erase my account' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(erase);
    await user.tab();
    expect(document.activeElement).toBe(password);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(erase);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(commands.eraseAccount).not.toHaveBeenCalled();
  });

  it('asks for the password, and says the provider’s refusal of a wrong one, sending nothing', async () => {
    const { dialog, password, user, commands, identity } = await openErasure();

    await user.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    expect(await within(dialog).findByText(messages.required)).toBeTruthy();
    await user.type(password, 'not-the-password');
    await user.click(within(dialog).getByRole('button', { name: 'Erase my account' }));

    const alert = await within(dialog).findByText('Firebase: Error (auth/invalid-credential).');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(identity.steps).toContain('signInAgain');
    expect(commands.eraseAccount).not.toHaveBeenCalled();
  });

  it.each([
    ['an order still under way (409)', new CommandRefused(messages.eraseWithOpenOrders, 409)],
    ['a sign-in the server finds too old (403)', new CommandRefused(messages.eraseNeedsRecentSignIn, 403)],
  ])('says the server’s refusal of %s in the dialog, and the customer stays signed in', async (_case, refused) => {
    const { dialog, password, user, commands, store, accessToken } = await openErasure();
    commands.eraseAccount.mockRejectedValueOnce(refused);

    await user.type(password, 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Erase my account' }));

    const alert = await within(dialog).findByText(refused.message);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(store.getState().privacy.erasure).toEqual({ status: 'failed', message: refused.message });
    // The ID token of the sign-in made just now, not the remembered one the API token was had for (:0).
    expect(commands.eraseAccount).toHaveBeenCalledWith(accessToken, { idToken: 'id-token:u-7:1' });
    expect(accessToken).toBe('api-token-for:id-token:u-7:0');
    expect(store.getState().auth.session?.accessToken).toBe(accessToken);
    expect(store.getState().auth.flow).toBeNull();
    // The sign-in made to prove who asks is not a sign-in to the shop: no second POST /login.
    expect(commands.login).toHaveBeenCalledTimes(1);
    // Opened again, it starts afresh.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Erase my account' }));
    expect(store.getState().privacy.erasure).toEqual({ status: 'idle' });
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
  });

  it('erases with a fresh sign-in’s ID token, signs out here without the server, and says so on the home page; the account signs in no more', async () => {
    const { dialog, password, user, commands, store, accessToken, identity, router } = await openErasure();
    let working = false;
    const unsubscribe = store.subscribe(() => (working ||= store.getState().privacy.erasure.status === 'working'));

    await user.type(password, 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Erase my account' }));

    const erased = await screen.findByText(messages.accountErased);
    unsubscribe();
    expect(erased.getAttribute('role')).toBe('status');
    expect(working).toBe(true);
    expect(store.getState().privacy.erasure).toEqual({ status: 'erased' });
    expect(commands.eraseAccount).toHaveBeenCalledWith(accessToken, { idToken: 'id-token:u-7:1' });
    expect(identity.steps.slice(-2)).toEqual(['signInAgain', 'signOut']);
    expect(commands.logout).not.toHaveBeenCalled();
    expect(commands.login).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
    await waitForState(store, (state) => state.auth.status === 'signedOut' && state.auth.flow === null);
    expect(store.getState().auth.session).toBeNull();

    // The server disabled the account at the identity provider.
    identity.disable('ada@toolforge.test');
    await router.navigate('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@toolforge.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByText(messages.accountDisabled)).getAttribute('role')).toBe('alert');
  });

  it('is not offered to an account that signs in with Google, which cannot sign in again with a password', async () => {
    fakeQueryServer({});
    const shop = createTestStore();
    shop.identity.addAccount('grace@toolforge.test', '', { uid: 'u-8', displayName: 'Grace', providerIds: ['google.com'] });
    shop.identity.remember('grace@toolforge.test');
    await waitForState(shop.store, (state) => state.auth.session);
    renderShop('/userdashboard/profile', { shop });

    const section = await screen.findByRole('region', { name: 'Your data' });
    expect(within(section).getByRole('button', { name: 'Download my data' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Erase my account' })).toBeNull();
    expect(within(section).getByText(/signs in with Google/)).toBeTruthy();
  });
});
