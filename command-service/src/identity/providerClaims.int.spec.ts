import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { createAccount, signIn, updateAccount } from '@toolforge/platform/testing';
import { orderOf, startCommandService, type CommandHarness } from '../test/harness.js';

/**
 * Issue 34, row 2: an account's claims at the identity provider are written by whoever holds the
 * account, and reach events. A display name holding a NUL once failed other customers' orders (the
 * log refused the group-commit batch they shared) and the account's own sign-in.
 */
describe('what an identity provider says of an account, held to the shop’s text rules', () => {
  let shop: CommandHarness;
  beforeAll(async () => {
    shop = await startCommandService();
  });
  afterAll(() => shop.close());

  /** An emulator account whose display name is `displayName`, as its ID token then says. */
  async function accountNamed(displayName: string) {
    const account = await createAccount({ emailVerified: true });
    await updateAccount(account.uid, { displayName });
    return { ...account, idToken: await signIn(account.email, account.password) };
  }

  it('signs in an account whose display name holds a NUL, with the name cleaned, while another customer’s orders all go through', async () => {
    const admin = await shop.admin();
    const productId = await shop.addProduct(admin, { stock: '500', minOrder: '1' });
    const customer = await shop.customer();
    const hostile = await accountNamed('a\u0000b\u202Ec');

    const order = (token: string, uid: string) =>
      shop.send({ method: 'POST', url: '/order', token, payload: orderOf({ ...customer, uid }, productId, 1) });
    // The hostile account's commands (its first one signs it in) race the customer's, batch after batch.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => [order(customer.accessToken, customer.uid), order(hostile.idToken, hostile.uid)]).flat(),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 16 }, () => 200));

    const signedIn = (await shop.eventsOf(hostile.uid)).filter((event) => event.type === 'UserSignedIn');
    expect(signedIn.map((event) => event.data)).toEqual([expect.objectContaining({ name: 'abc' })]);
  });

  it('refuses with 403, naming the claim, an account whose e-mail address holds a hidden character', async () => {
    const account = await createAccount({ emailVerified: true });
    await updateAccount(account.uid, { email: `a\u200Bb-${account.uid.slice(0, 6).toLowerCase()}@toolforge.test` });
    const idToken = await signIn(`a\u200Bb-${account.uid.slice(0, 6).toLowerCase()}@toolforge.test`, account.password);
    const before = await shop.eventCount();

    const response = await shop.send({ method: 'POST', url: '/order', token: idToken, payload: { productId: 'p', orderQuantity: 1 } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: messages.unusableIdentityClaim('email') });
    expect(await shop.eventCount()).toBe(before);
  });
});
