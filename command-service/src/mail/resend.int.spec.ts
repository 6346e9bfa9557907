import { describe, expect, it } from 'vitest';
import { mailMessages, messages, type ApiError } from '@toolforge/contracts';
import { useShop } from '../test/harness.js';

describe('POST /orders/:id/emails', () => {
  const given = useShop();

  /** An order of the customer's, of a product of its own (stock 30): the customer may hold only so much of one. */
  const newOrder = async () => given.shop.placeOrder(given.customer, await given.shop.addProduct(given.admin), 5);
  /** POST /orders/:id/emails as the admin, or with `token` (null: no bearer). */
  const resend = (orderId: string, payload: object, token: string | null = given.admin.accessToken) =>
    given.shop.send({ method: 'POST', url: `/orders/${encodeURIComponent(orderId)}/emails`, token: token ?? undefined, payload });
  const markPaid = (orderId: string) =>
    given.shop.send({
      method: 'POST',
      url: `/orders/${orderId}/status`,
      token: given.admin.accessToken,
      payload: { status: 'paid', reference: 'TRANSFER-7' },
    });

  /** Sends `request` and expects it refused with `status` (and `message`), appending nothing. */
  async function expectRefused(request: () => Promise<{ statusCode: number; json<T>(): T }>, status: number, message?: string) {
    const before = await given.shop.eventCount();
    const response = await request();
    expect(response.statusCode).toBe(status);
    if (message !== undefined) expect(response.json<ApiError>().message).toBe(message);
    expect(await given.shop.eventCount()).toBe(before);
  }

  it('accepts an admin’s resend of an e-mail the order had (202): OrderEmailResendRequested by the admin, at the acknowledged position', async () => {
    const orderId = await newOrder();
    const response = await resend(orderId, { email: 'placed' });
    expect(response.statusCode).toBe(202);
    const { position } = response.json<{ position: string }>();
    expect(response.json()).toEqual({ acknowledged: true, position: expect.stringMatching(/^sales\.orders\/0\/\d+$/) });
    const last = (await given.shop.eventsOf(orderId)).at(-1)!;
    expect(last).toMatchObject({ type: 'OrderEmailResendRequested', data: { orderId, email: 'placed' }, meta: { actor: given.admin.uid } });
    expect(position).toBe(`sales.orders/0/${last.position.offset}`);
  });

  it('refuses an e-mail the order never had cause for (409), and takes it once it had: paid is its invoice', async () => {
    const orderId = await newOrder();
    for (const email of ['paid', 'shipped', 'delivered', 'cancelled', 'refunded']) {
      await expectRefused(() => resend(orderId, { email }), 409, mailMessages.emailNeverSent);
    }
    expect((await markPaid(orderId)).statusCode).toBe(200);
    expect((await resend(orderId, { email: 'paid' })).statusCode).toBe(202);
    await expectRefused(() => resend(orderId, { email: 'shipped' }), 409, mailMessages.emailNeverSent);
    const cancelled = await given.shop.send({
      method: 'POST',
      url: `/orders/${orderId}/cancel`,
      token: given.admin.accessToken,
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await resend(orderId, { email: 'cancelled' })).statusCode).toBe(202);
  });

  it('is for admins only: 401 without a bearer, 403 for a customer, even the order’s own', async () => {
    const orderId = await newOrder();
    await expectRefused(() => resend(orderId, { email: 'placed' }, null), 401);
    await expectRefused(() => resend(orderId, { email: 'placed' }, given.customer.accessToken), 403);
  });

  it('answers 404 for an order the shop does not know', async () => {
    await expectRefused(() => resend('no-such-order', { email: 'placed' }), 404, messages.orderNotFound);
  });

  it.each([
    [{ email: 'invoice' }, mailMessages.emailUnknown],
    [{ email: '<img src=x onerror=alert(1)>' }, mailMessages.emailUnknown],
    [{ email: 'placed\r\nBcc: victim@example.com' }, mailMessages.emailUnknown],
    [{}, mailMessages.emailUnknown],
    [{ email: 'placed', to: 'attacker@example.com' }, undefined],
    [['placed'], undefined],
  ])('refuses the body %j (400), appending nothing', async (body, message) => {
    const orderId = await newOrder();
    await expectRefused(() => resend(orderId, body), 400, message);
  });

  it('refuses an order id that cannot be one (4xx, never a 500)', async () => {
    const response = await resend('no such\u0007order', { email: 'placed' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
