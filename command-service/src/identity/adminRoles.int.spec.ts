import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TOPICS, messages, type ApiError } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import { createAccount, readEvents, tokenClaims, updateAccount } from '@toolforge/platform/testing';
import { startCommandService, validProduct, type CommandHarness, type SignedIn } from '../test/harness.js';

/** POST /makeadmin and /revokeadmin: who may be given the role, and who may lose it. */
describe('admin roles', () => {
  const shops: CommandHarness[] = [];
  let shop: CommandHarness;
  /** The ADMIN_EMAILS admin of this shop. */
  let boss: SignedIn;

  beforeEach(async () => {
    shop = await startCommandService();
    shops.push(shop);
    boss = await shop.admin();
  });
  afterAll(async () => {
    for (const started of shops) await started.close();
  });

  const makeAdmin = (by: SignedIn, email: string) =>
    shop.send({ method: 'POST', url: '/makeadmin', token: by.accessToken, payload: { email } });
  const revokeAdmin = (by: SignedIn, email: string) =>
    shop.send({ method: 'POST', url: '/revokeadmin', token: by.accessToken, payload: { email } });
  const addProduct = (by: SignedIn) => shop.send({ method: 'POST', url: '/addproduct', token: by.accessToken, payload: validProduct });
  /** The admin claim of the API token, as the web reads it. */
  const adminClaim = (signedIn: SignedIn) => tokenClaims(signedIn.accessToken).admin;

  function userEvents(): Promise<StoredEvent[]> {
    return readEvents(shop.log, { topics: [TOPICS.users] });
  }

  /** A second admin, made one by the boss. */
  async function secondAdmin(): Promise<SignedIn> {
    const clerk = await shop.customer('Shop Clerk');
    expect((await makeAdmin(boss, clerk.email)).statusCode).toBe(200);
    return clerk;
  }

  it('refuses to make an unverified address an admin (409), until it is verified', async () => {
    const account = await createAccount({ emailVerified: false });
    const before = await shop.eventCount();
    const refused = await makeAdmin(boss, account.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, error: 'Conflict', message: messages.adminEmailUnverified });
    expect(await shop.eventCount()).toBe(before);

    await updateAccount(account.uid, { emailVerified: true });
    expect((await makeAdmin(boss, account.email)).statusCode).toBe(200);
  });

  it('revokes an admin: an AdminRevoked with the revoking admin as actor, and the revoked token stops at once', async () => {
    const clerk = await secondAdmin();
    expect((await addProduct(clerk)).statusCode).toBe(200);

    const revoked = await revokeAdmin(boss, clerk.email);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ acknowledged: true, position: expect.stringMatching(/^identity\.users\/0\/\d+$/) });
    expect((await userEvents()).at(-1)).toMatchObject({
      type: 'AdminRevoked',
      data: { uid: clerk.uid, email: clerk.email },
      meta: { actor: boss.uid },
    });

    // The revocation ends the clerk's sessions: the token held is refused outright.
    const stale = await addProduct(clerk);
    expect(stale.statusCode).toBe(401);
    expect(stale.json<ApiError>().message).toBe(messages.sessionEnded);
    // Signed in again: a customer.
    const again = await shop.login(clerk);
    expect(adminClaim(again)).toBe(false);
    expect((await addProduct(again)).statusCode).toBe(403);
  });

  it('does not let ADMIN_EMAILS make a revoked account an admin again at its next sign-in', async () => {
    const clerk = await secondAdmin();
    expect((await revokeAdmin(clerk, boss.email)).statusCode).toBe(200);

    const bossAgain = await shop.login(boss);
    expect(adminClaim(bossAgain)).toBe(false);
    expect((await addProduct(bossAgain)).statusCode).toBe(403);
  });

  it('refuses to revoke the shop’s last admin, oneself included (409), and appends nothing', async () => {
    const before = await shop.eventCount();
    const refused = await revokeAdmin(boss, boss.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, error: 'Conflict', message: messages.lastAdmin });
    expect(await shop.eventCount()).toBe(before);
    expect((await addProduct(boss)).statusCode).toBe(200);

    // With a second admin, one may step down.
    const clerk = await secondAdmin();
    expect((await revokeAdmin(boss, boss.email)).statusCode).toBe(200);
    expect((await revokeAdmin(clerk, clerk.email)).json<ApiError>().message).toBe(messages.lastAdmin);
  });

  it('answers 404 for an unknown email and 409 for an account that is not an admin', async () => {
    const unknown = await revokeAdmin(boss, 'nobody-here@toolforge.test');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiError>().message).toBe(messages.userNotFound);

    const customer = await shop.customer();
    const notAdmin = await revokeAdmin(boss, customer.email);
    expect(notAdmin.statusCode).toBe(409);
    expect(notAdmin.json<ApiError>().message).toBe(messages.notAdmin);
  });

  it('lets only an admin revoke (403 for a customer, 401 without a token), before looking at the body', async () => {
    const customer = await shop.customer();
    const refused = await revokeAdmin(customer, boss.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().message).toBe(messages.forbiddenAdmin);
    expect((await shop.send({ method: 'POST', url: '/revokeadmin', payload: { email: boss.email } })).statusCode).toBe(401);
    expect(
      (await shop.send({ method: 'POST', url: '/revokeadmin', token: customer.accessToken, payload: { nonsense: 1 } })).statusCode,
    ).toBe(403);
  });

  it('validates the revoke-admin body', async () => {
    const response = await shop.send({ method: 'POST', url: '/revokeadmin', token: boss.accessToken, payload: { email: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe('Enter a valid email address');
  });
});
