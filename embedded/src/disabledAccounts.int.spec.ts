import { describe, expect, it } from 'vitest';
import { messages, type LoginResponse } from '@toolforge/contracts';
import { createAccount, updateAccount } from '@toolforge/platform/testing';
import { useEmbeddedTestShop } from './test/embeddedTestShop.js';

/**
 * Issue 34, row 10: the shop's API tokens live 12 hours. An account the identity provider has
 * disabled since (or whose sessions it revoked) must not keep them: both sides ask the provider,
 * at most a minute apart, and refuse its tokens.
 */
describe('an account disabled at the identity provider', () => {
  const shop = useEmbeddedTestShop('disabled-admin');

  async function signedIn() {
    const account = await createAccount({ emailVerified: true });
    const login = await shop.send({
      method: 'POST',
      url: '/login',
      token: account.idToken,
      payload: { uid: account.uid, name: account.displayName, email: account.email, loggedIn: true },
    });
    expect(login.statusCode).toBe(200);
    return { ...account, accessToken: login.json<LoginResponse>().accessToken ?? '' };
  }

  it('has its API token refused by the command and the query side alike', async () => {
    const active = await signedIn();
    const disabled = await signedIn();
    await updateAccount(disabled.uid, { disableUser: true });

    for (const request of [
      { method: 'GET', url: `/orders/${disabled.uid}` },
      { method: 'POST', url: '/logout', payload: { uid: disabled.uid, loggedIn: false } },
    ] as const) {
      const refused = await shop.send({ ...request, token: disabled.accessToken });
      expect(refused.statusCode, request.url).toBe(401);
      expect(refused.json()).toMatchObject({ message: messages.sessionEnded });
    }
    expect((await shop.send({ method: 'GET', url: `/orders/${active.uid}`, token: active.accessToken })).statusCode).toBe(200);
  });

  it('has an API token issued before the provider revoked its sessions refused', async () => {
    const account = await signedIn();
    // Revoked a few seconds after the token was issued (validSince is in seconds).
    await updateAccount(account.uid, { validSince: String(Math.floor(Date.now() / 1000) + 5) });
    expect((await shop.send({ method: 'GET', url: `/orders/${account.uid}`, token: account.accessToken })).statusCode).toBe(401);
  });
});
