import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommandService, type CommandHarness, type SignedIn } from '../test/harness.js';

/** DESIGN §7: whatever arrives, the answer is a 4xx with a message, never a 500, never an event. */
describe('bad input', () => {
  let shop: CommandHarness;
  let admin: SignedIn;

  beforeAll(async () => {
    shop = await startCommandService();
    admin = await shop.admin();
  });
  afterAll(() => shop.close());

  const routes = [
    { method: 'POST' as const, url: '/logout' },
    { method: 'POST' as const, url: '/order' },
    { method: 'POST' as const, url: '/addproduct' },
    { method: 'POST' as const, url: '/makeadmin' },
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
      const before = await shop.eventCount();
      const response = await shop.send({ ...route, token: admin.accessToken, headers: { 'content-type': contentType }, payload });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json();
      expect(body).toEqual({ statusCode: response.statusCode, error: expect.any(String), message: expect.any(String), ...(body.fields ? { fields: body.fields } : {}) });
      expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
      expect(await shop.eventCount()).toBe(before);
    });
  }

  it('refuses a body over the limit with 413', async () => {
    const response = await shop.send({
      method: 'POST',
      url: '/addproduct',
      token: admin.accessToken,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ description: 'x'.repeat(100_000) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers unknown routes with the error shape', async () => {
    const response = await shop.send({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
  });
});
