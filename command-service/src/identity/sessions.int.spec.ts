import { describe, expect, it } from 'vitest';
import { messages, type ApiError } from '@toolforge/contracts';
import { createAccount, signIn, tokenClaims, updateAccount } from '@toolforge/platform/testing';
import { loginBody, orderOf, signTestToken, useShop, type SignedIn } from '../test/harness.js';

/** Logout ends the account's sessions; /login trusts no Firebase session that Firebase revoked. */
describe('sessions', () => {
  const given = useShop({ withProduct: true });

  const order = (customer: SignedIn, token = customer.accessToken) =>
    given.shop.send({ method: 'POST', url: '/order', token, payload: orderOf(customer, given.productId, 5) });
  const logout = (customer: SignedIn, token = customer.accessToken) => given.shop.postLogout(token, customer.uid);

  it('refuses the API token after /logout (401), and every other token of the account issued before it', async () => {
    const customer = await given.shop.customer();
    const otherDevice = await given.shop.login(customer);
    expect((await order(customer)).statusCode).toBe(200);

    expect((await logout(customer)).statusCode).toBe(200);
    const before = await given.shop.eventCount();
    for (const token of [customer.accessToken, otherDevice.accessToken]) {
      const refused = await order(customer, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: messages.sessionEnded });
    }
    expect((await logout(customer)).statusCode).toBe(401);
    expect(await given.shop.eventCount()).toBe(before);

    // Signing in again starts a new session.
    const again = await given.shop.login(customer);
    expect((await order(again)).statusCode).toBe(200);
  });

  it('ends an admin’s session too: the admin’s token no longer manages products after /logout', async () => {
    const clerk = await given.shop.customer('Shop Clerk');
    expect(
      (await given.shop.send({ method: 'POST', url: '/makeadmin', token: given.admin.accessToken, payload: { email: clerk.email } }))
        .statusCode,
    ).toBe(200);
    expect((await logout(clerk)).statusCode).toBe(200);
    const refused = await given.shop.send({ method: 'DELETE', url: `/deleteproduct/${given.productId}`, token: clerk.accessToken });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ApiError>().message).toBe(messages.sessionEnded);
  });

  it('refuses a validly signed token that carries no session version, issuer, audience or expiry', async () => {
    const customer = await given.shop.customer();
    for (const missing of ['sv', 'iss', 'aud', 'exp']) {
      const token = signTestToken({ uid: customer.uid, name: 'x', email: customer.email, admin: false, [missing]: undefined });
      const response = await order(customer, token);
      expect(response.statusCode, missing).toBe(401);
      expect(response.json<ApiError>().message).toBe(messages.unauthenticated);
    }
  });

  // End to end with the emulator, against which firebase-admin checks revocation even unasked; that
  // real Firebase is asked to (checkRevoked) is firebaseIdentity.unit.spec's.
  it('refuses at /login an ID token whose Firebase session was revoked (401), and appends nothing', async () => {
    const account = await createAccount({ emailVerified: true });
    // Firebase's revokeRefreshTokens: ID tokens of sign-ins before `validSince` are revoked.
    await updateAccount(account.uid, { validSince: String(Number(tokenClaims(account.idToken).auth_time) + 1) });
    const before = await given.shop.eventCount();
    const response = await given.shop.postLogin({ token: account.idToken, payload: loginBody(account) });
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().message).toBe(messages.invalidIdentityToken);
    expect(await given.shop.eventCount()).toBe(before);
  });

  it('refuses at /login an account that Firebase disabled', async () => {
    const account = await createAccount({ emailVerified: true });
    const idToken = await signIn(account.email, account.password);
    await updateAccount(account.uid, { disableUser: true });
    const response = await given.shop.postLogin({ token: idToken, payload: loginBody(account) });
    expect(response.statusCode).toBe(401);
  });
});
