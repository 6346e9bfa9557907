import { describe, expect, it } from 'vitest';
import { messages, type ApiError } from '@toolforge/contracts';
import { sessionVersionOf, signTestToken, useShop, validProduct, type SignedIn } from './test/harness.js';

/** Who may call each command endpoint (no token, a bad one, a customer, an admin), checked before the body is looked at. */
describe('the 401/403 matrix', () => {
  const given = useShop({ withProduct: true });

  type Caller = 'nobody' | 'forged' | 'expired' | 'customer' | 'admin';
  const endpoints = () => [
    {
      method: 'POST' as const,
      url: '/logout',
      body: (user: SignedIn) => ({ uid: user.uid, loggedIn: false }),
      allowed: ['customer', 'admin'],
    },
    { method: 'POST' as const, url: '/addproduct', body: () => validProduct, allowed: ['admin'] },
    { method: 'DELETE' as const, url: `/deleteproduct/${given.productId}`, body: () => undefined, allowed: ['admin'] },
    { method: 'POST' as const, url: '/makeadmin', body: () => ({ email: 'nobody-here@toolforge.test' }), allowed: ['admin'] },
    { method: 'POST' as const, url: '/revokeadmin', body: () => ({ email: 'nobody-here@toolforge.test' }), allowed: ['admin'] },
    {
      method: 'POST' as const,
      url: '/order',
      body: (user: SignedIn) => ({ productId: 'none', userId: user.uid, totalCost: 1, shippingAddress: 'x', orderQuantity: 1 }),
      allowed: ['customer', 'admin'],
    },
    { method: 'POST' as const, url: '/orders/no-such-order/emails', body: () => ({ email: 'placed' }), allowed: ['admin'] },
  ];

  function tokenOf(caller: Caller): string | undefined {
    switch (caller) {
      case 'nobody':
        return undefined;
      case 'forged':
        // An admin's claims signed with someone else's key.
        return signTestToken(
          { uid: given.admin.uid, name: 'x', email: given.admin.email, admin: true },
          'another-key-entirely-another-key',
        );
      case 'expired': {
        const now = Math.floor(Date.now() / 1000);
        return signTestToken({
          uid: given.admin.uid,
          name: 'Shop Admin',
          email: given.admin.email,
          admin: true,
          iat: now - 100,
          exp: now - 10,
        });
      }
      case 'customer':
        return given.customer.accessToken;
      case 'admin':
        return given.admin.accessToken;
    }
  }

  const callers: Caller[] = ['nobody', 'forged', 'expired', 'customer', 'admin'];

  it.each(['/logout', '/addproduct', '/deleteproduct', '/makeadmin', '/revokeadmin', '/order', '/orders/no-such-order/emails'])(
    '%s answers 401, 403 or passes, as the matrix says',
    async (path) => {
      const endpoint = endpoints().find((candidate) => candidate.url.startsWith(path))!;
      for (const caller of callers) {
        const user = caller === 'admin' ? given.admin : given.customer;
        const before = await given.shop.eventCount();
        const response = await given.shop.send({
          method: endpoint.method,
          url: endpoint.url,
          token: tokenOf(caller),
          payload: endpoint.body(user),
        });
        if (caller === 'nobody' && path === '/logout') {
          // The spec's client logs out without a bearer: acknowledged, and nothing ends or is appended.
          expect(response.statusCode, `${caller} ${path}`).toBe(200);
          expect(response.json()).toEqual({ acknowledged: true });
        } else if (caller === 'nobody' || caller === 'forged' || caller === 'expired') {
          expect(response.statusCode, `${caller} ${path}`).toBe(401);
          expect(response.json<ApiError>().message).toBe(messages.unauthenticated);
        } else if (!endpoint.allowed.includes(caller)) {
          expect(response.statusCode, `${caller} ${path}`).toBe(403);
          expect(response.json<ApiError>().message).toBe(messages.forbiddenAdmin);
        } else {
          expect([200, 404], `${caller} ${path}`).toContain(response.statusCode);
          continue;
        }
        expect(await given.shop.eventCount()).toBe(before);
      }
      // The allowed calls of /logout ended those sessions: sign in again for the tests after.
      if (path === '/logout') [given.customer, given.admin] = [await given.shop.login(given.customer), await given.shop.login(given.admin)];
    },
  );

  it('takes the role from the log, not from an admin claim in a validly signed token', async () => {
    const claimsAdmin = signTestToken({
      uid: given.customer.uid,
      name: 'x',
      email: given.customer.email,
      admin: true,
      sv: sessionVersionOf(given.customer),
    });
    const response = await given.shop.send({ method: 'POST', url: '/addproduct', token: claimsAdmin, payload: validProduct });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['an unauthenticated caller', 'nobody', 401],
    ['a customer', 'customer', 403],
  ] as const)('refuses %s before reading a bad body', async (_who, caller, status) => {
    const response = await given.shop.send({ method: 'POST', url: '/addproduct', token: tokenOf(caller), payload: { nonsense: true } });
    expect(response.statusCode).toBe(status);
  });
});
