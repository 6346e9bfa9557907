import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { createAccount, createAnonymousAccount } from '@toolforge/platform/testing';
import { orderOf, startCommandService, type CommandHarness, type SignedIn } from '../test/harness.js';

/**
 * Issue 34, row 6: accounts cost nothing to make. One without an e-mail address is no shop account
 * and cannot order; those that have not verified their address hold at most a fifth of a product's
 * stock unpaid together, so two throw-away accounts cannot take a product from every other customer.
 */
describe('orders by accounts that have not proved who they are', () => {
  let shop: CommandHarness;
  let productId: string;
  beforeAll(async () => {
    shop = await startCommandService();
    // Stock 30, minimum order 5: a customer may hold 15, unverified accounts 6 together.
    productId = await shop.addProduct(await shop.admin(), { stock: '30', minOrder: '5' });
  });
  afterAll(() => shop.close());

  const order = (token: string, customer: Pick<SignedIn, 'uid' | 'displayName'>, quantity: number) =>
    shop.send({ method: 'POST', url: '/order', token, payload: orderOf(customer as SignedIn, productId, quantity) });

  it('refuses an anonymous account’s order with 403 and a clear message, and appends nothing', async () => {
    const anonymous = await createAnonymousAccount();
    const before = await shop.eventCount();
    const response = await order(anonymous.idToken, { uid: anonymous.uid, displayName: '' }, 5);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: messages.orderNeedsEmail });
    expect(await shop.eventCount()).toBe(before);
  });

  it('lets two fresh unverified accounts hold a fifth of the stock together, not the product', async () => {
    const [first, second] = await Promise.all([createAccount(), createAccount()]);
    const answers = [];
    for (const account of [first, second]) {
      const signedIn = await shop.login(account);
      answers.push(await order(signedIn.accessToken, signedIn, 15));
      answers.push(await order(signedIn.accessToken, signedIn, 5));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([409, 200, 409, 409]);
    expect(answers[0]!.json()).toMatchObject({ message: messages.verifyEmailToOrderMore(6) });
    expect(answers[3]!.json()).toMatchObject({ message: messages.verifyEmailToOrderMore(1) });

    // A verified customer still orders their share of what is left.
    const customer = await shop.customer();
    expect((await order(customer.accessToken, customer, 15)).statusCode).toBe(200);
  });
});
