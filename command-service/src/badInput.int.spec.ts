import { describe, expect, it } from 'vitest';
import { parsePosition, type Acknowledgement, type ApiError } from '@toolforge/contracts';
import { createAccount, eventAt } from '@toolforge/platform/testing';
import { orderOf, useShop, validProduct, type CommandHarness } from './test/harness.js';

/** Whatever arrives, the answer is a 4xx with a message, never a 500, never an event. */
describe('bad input', () => {
  const given = useShop();

  const routes = [
    { method: 'POST' as const, url: '/logout' },
    { method: 'POST' as const, url: '/order' },
    { method: 'POST' as const, url: '/addproduct' },
    { method: 'POST' as const, url: '/makeadmin' },
    { method: 'POST' as const, url: '/revokeadmin' },
    { method: 'POST' as const, url: '/review' },
    { method: 'DELETE' as const, url: '/review/r-1' },
    { method: 'PUT' as const, url: '/cart/lines/p-1' },
    { method: 'POST' as const, url: '/checkout' },
    { method: 'POST' as const, url: '/orders/o-1/emails' },
  ];
  const payloads: [string, string, string][] = [
    ['malformed JSON', 'application/json', '{"name": "x",'],
    ['empty JSON body', 'application/json', ''],
    ['null', 'application/json', 'null'],
    ['an array', 'application/json', '[1,2,3]'],
    ['a string', 'application/json', '"hello"'],
    ['a number', 'application/json', '42'],
    ['deep nesting', 'application/json', '{"name":'.repeat(50) + '1' + '}'.repeat(50)],
    ['wrong types', 'application/json', JSON.stringify({ uid: 1, email: [], price: {}, orderQuantity: 'many', loggedIn: 'yes' })],
    ['prototype pollution', 'application/json', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}'],
    ['form encoding', 'application/x-www-form-urlencoded', 'name=x&price=1'],
    ['plain text', 'text/plain', 'name=x'],
  ];

  for (const route of routes) {
    it.each(payloads)(`${route.method} ${route.url} with %s answers 4xx with a message`, async (_what, contentType, payload) => {
      const before = await given.shop.eventCount();
      const response = await given.shop.send({
        ...route,
        token: given.admin.accessToken,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json<ApiError>();
      expect(body).toEqual({
        statusCode: response.statusCode,
        error: expect.any(String),
        message: expect.any(String),
        ...(body.fields ? { fields: body.fields } : {}),
      });
      expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
      expect(await given.shop.eventCount()).toBe(before);
    });
  }

  it('refuses a body over the limit with 413', async () => {
    const response = await given.shop.send({
      method: 'POST',
      url: '/addproduct',
      token: given.admin.accessToken,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ description: 'x'.repeat(100_000) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers unknown routes with the error shape', async () => {
    const response = await given.shop.send({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
  });
});

/**
 * A NUL reached the log through these fields once, and PostgreSQL refused to project it: each text
 * field now refuses control and invisible characters with a 400 that names it, before any event.
 */
describe('control and invisible characters in command bodies', () => {
  const given = useShop({ withProduct: true });

  const refusedWith = async (request: Parameters<CommandHarness['send']>[0], field: string) => {
    const before = await given.shop.eventCount();
    const response = await given.shop.send(request);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toHaveProperty(field);
    expect(response.json<ApiError>().message).toMatch(/must not contain control or invisible characters/);
    expect(await given.shop.eventCount()).toBe(before);
  };

  it.each(['shippingAddress', 'userName', 'productName'])('POST /order refuses NUL in %s', async (field) => {
    const payload = orderOf(given.customer, given.productId, 5, { [field]: 'Forge\u0000Lane' });
    await refusedWith({ method: 'POST', url: '/order', token: given.customer.accessToken, payload }, field);
  });

  it('POST /addproduct refuses a right-to-left override in the name', async () => {
    const payload = { ...validProduct, name: 'Hammer \u202Egpj.exe' };
    await refusedWith({ method: 'POST', url: '/addproduct', token: given.admin.accessToken, payload }, 'name');
  });

  it('POST /login refuses NUL in the name', async () => {
    const account = await createAccount({ displayName: 'Ada' });
    const payload = { uid: account.uid, name: 'Ada\u0000', email: account.email, loggedIn: true };
    await refusedWith({ method: 'POST', url: '/login', token: account.idToken, payload }, 'name');
  });

  it('DELETE /deleteproduct/:id refuses a NUL in the id (400, not a database error)', async () => {
    const response = await given.shop.send({ method: 'DELETE', url: '/deleteproduct/p%00x', token: given.admin.accessToken });
    expect(response.statusCode).toBe(400);
  });

  it('takes the name the shop knows for an order, not the one the body claims', async () => {
    const response = await given.shop.send({
      method: 'POST',
      url: '/order',
      token: given.customer.accessToken,
      payload: orderOf(given.customer, given.productId, 5, { userName: 'Somebody Else' }),
    });
    expect(response.statusCode).toBe(200);
    const position = parsePosition(response.json<Acknowledgement>().position)!;
    const stored = await eventAt(given.shop.log, position);
    expect(stored).toMatchObject({ type: 'OrderPlaced', data: { userId: given.customer.uid, userName: given.customer.displayName } });
  });
});
