import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Acknowledgement, type OrderDto, type ProductDto } from '@toolforge/contracts';
import { createAccount, tokenClaims, type TestAccount } from '@toolforge/platform/testing';
import { useEmbeddedTestShop } from './test/embeddedTestShop.js';

/**
 * The API as the spec's own client calls it (its calls table): the identity provider's ID token as
 * the bearer of every protected call, no bearer on /login and /logout, and the bodies and values
 * that client sends (a display name that may be null, the quantity as text, a floating-point total).
 * A shop replacing its backend with ToolForge keeps that client working.
 */
describe("the spec's client against the embedded shop", () => {
  /** `call`: a call as the spec's client makes it: JSON, and the ID token as the bearer (`token`) when it has one. */
  const { adminEmail, send: call, eventCount } = useEmbeddedTestShop('spec-admin');
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await createAccount({ email: adminEmail, displayName: 'Spec Admin', emailVerified: true });
    customer = await createAccount({ displayName: 'Spec Customer', emailVerified: true });
  }, 60_000);

  /** The login sync the client sends after the identity provider signed the user in: no bearer. */
  const sync = (account: TestAccount, name: string | null = account.displayName) =>
    call({ method: 'POST', url: '/login', payload: { uid: account.uid, name, email: account.email, loggedIn: true } });

  it('signs in, browses, orders and sees the order, then logs out, as a customer', async () => {
    const synced = await sync(customer);
    expect(synced.statusCode).toBe(200);
    expect(synced.json<Acknowledgement>().acknowledged).toBe(true);

    const home = await call({ method: 'GET', url: '/homeproducts' });
    expect(home.statusCode).toBe(200);

    const count = await call({ method: 'GET', url: '/productscount', token: customer.idToken });
    expect(count.statusCode).toBe(200);
    expect(count.json<{ count: number }>().count).toBeGreaterThanOrEqual(0);

    const productId = await addProductAsAdmin();
    const page = await call({ method: 'GET', url: '/products?page=0&size=10', token: customer.idToken });
    expect(page.statusCode).toBe(200);
    expect(page.json<ProductDto[]>().map((product) => product._id)).toContain(productId);

    const one = await call({ method: 'GET', url: `/product/${productId}`, token: customer.idToken });
    expect(one.statusCode).toBe(200);
    const product = one.json<ProductDto>();
    expect(product).toMatchObject({ _id: productId, productId, price: 24.99 });

    // The client's own arithmetic, in floating point, and its own field values.
    const quantity = 7;
    const totalCost = product.price * quantity + (product.price * quantity * 5) / 100 + 50;
    const ordered = await call({
      method: 'POST',
      url: '/order',
      token: customer.idToken,
      payload: {
        productId,
        userId: customer.uid,
        userName: customer.displayName,
        productName: product.name,
        totalCost,
        status: 'pending',
        payment: false,
        shippingAddress: '12 Lathe Street, Leeds',
        orderQuantity: String(quantity),
      },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json<Acknowledgement>().acknowledged).toBe(true);

    // The client sends no X-Read-After: the order shows once the projector has applied it.
    await expect
      .poll(async () =>
        (await call({ method: 'GET', url: `/orders/${customer.uid}`, token: customer.idToken }))
          .json<OrderDto[]>()
          .map((order) => order.productId),
      )
      .toContain(productId);
    const [mine] = (await call({ method: 'GET', url: `/orders/${customer.uid}`, token: customer.idToken })).json<OrderDto[]>();
    expect(mine).toMatchObject({
      _id: expect.any(String),
      productName: product.name,
      orderQuantity: 7,
      totalCost: 233.68,
      status: 'pending',
      payment: false,
    });

    const before = await eventCount();
    const loggedOut = await call({ method: 'POST', url: '/logout', payload: { uid: customer.uid, loggedIn: false } });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.json()).toEqual({ acknowledged: true });
    expect(await eventCount()).toBe(before);
  });

  it('ends the caller’s session at the identity provider on a logout that carries its ID token', async () => {
    const leaving = await createAccount({ displayName: 'Leaving Customer', emailVerified: true });
    // Revocation counts whole seconds: the sign-in must lie in an earlier second than the logout.
    const signedInAt = Number(tokenClaims(leaving.idToken).auth_time);
    await expect.poll(() => Math.floor(Date.now() / 1000) > signedInAt).toBe(true);
    expect((await call({ method: 'GET', url: '/productscount', token: leaving.idToken })).statusCode).toBe(200);

    const loggedOut = await call({
      method: 'POST',
      url: '/logout',
      token: leaving.idToken,
      payload: { uid: leaving.uid, loggedIn: false },
    });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.json()).toEqual({ acknowledged: true, position: expect.stringMatching(/^identity\.users\//) });
    // A sign-in checks revocation afresh: that ID token is no longer good for one.
    const again = await call({
      method: 'POST',
      url: '/login',
      token: leaving.idToken,
      payload: { uid: leaving.uid, name: 'x', email: leaving.email, loggedIn: true },
    });
    expect(again.statusCode).toBe(401);
  });

  it('takes a null display name as an empty one', async () => {
    const nameless = await createAccount({ displayName: '', emailVerified: true });
    const synced = await sync(nameless, null);
    expect(synced.statusCode).toBe(200);
  });

  it('manages products and sees every order as an admin known only by ADMIN_EMAILS and the ID token', async () => {
    expect((await sync(admin)).statusCode).toBe(200);
    // Before the admin's first command the query side already knows the role ADMIN_EMAILS gives.
    const allOrders = await call({ method: 'GET', url: '/allorders', token: admin.idToken });
    expect(allOrders.statusCode).toBe(200);
    expect(Array.isArray(allOrders.json())).toBe(true);

    const productId = await addProductAsAdmin();
    const deleted = await call({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: admin.idToken });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<Acknowledgement>().acknowledged).toBe(true);
    const customersOrders = await call({ method: 'GET', url: `/orders/${customer.uid}`, token: admin.idToken });
    expect(customersOrders.statusCode).toBe(200);
  });

  describe('the 401/403 matrix with ID tokens', () => {
    const protectedCalls = (productId: string): (InjectOptions & { url: string })[] => [
      { method: 'GET', url: '/productscount' },
      { method: 'GET', url: '/products?page=0&size=5' },
      { method: 'GET', url: `/product/${productId}` },
      { method: 'GET', url: `/orders/${customer.uid}` },
      { method: 'GET', url: '/allorders' },
      { method: 'POST', url: '/addproduct', payload: newProduct },
      { method: 'DELETE', url: `/deleteproduct/${productId}` },
      {
        method: 'POST',
        url: '/order',
        payload: {
          productId,
          userId: customer.uid,
          userName: 'x',
          productName: 'x',
          totalCost: 1,
          status: 'pending',
          payment: false,
          shippingAddress: 'x',
          orderQuantity: '5',
        },
      },
    ];

    it('refuses a token of another project, an expired one and one that is no token with 401, appending nothing', async () => {
      const productId = await addProductAsAdmin();
      const claims = tokenClaims(customer.idToken);
      const now = Math.floor(Date.now() / 1000);
      const tokens = {
        'another project': unsignedToken({ ...claims, aud: 'demo-another-shop', iss: 'https://securetoken.google.com/demo-another-shop' }),
        expired: unsignedToken({ ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }),
        'no token at all': 'not.a.token',
      };
      for (const [what, idToken] of Object.entries(tokens)) {
        for (const request of protectedCalls(productId)) {
          const before = await eventCount();
          const response = await call({ ...request, token: idToken });
          expect(response.statusCode, `${what} ${request.method} ${request.url}`).toBe(401);
          expect(await eventCount()).toBe(before);
        }
      }
    });

    it('refuses a customer’s ID token on admin calls and on another user’s orders with 403', async () => {
      const productId = await addProductAsAdmin();
      for (const request of [
        { method: 'GET', url: '/allorders' },
        { method: 'GET', url: `/orders/${admin.uid}` },
        { method: 'POST', url: '/addproduct', payload: newProduct },
        { method: 'DELETE', url: `/deleteproduct/${productId}` },
      ] as (InjectOptions & { url: string })[]) {
        const before = await eventCount();
        const response = await call({ ...request, token: customer.idToken });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(await eventCount()).toBe(before);
      }
    });

    it('refuses an order for another user with the caller’s own ID token', async () => {
      const productId = await addProductAsAdmin();
      const response = await call({
        method: 'POST',
        url: '/order',
        token: customer.idToken,
        payload: {
          productId,
          userId: admin.uid,
          userName: 'x',
          productName: 'x',
          totalCost: 86.23,
          status: 'pending',
          payment: false,
          shippingAddress: 'x',
          orderQuantity: '1',
        },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  async function addProductAsAdmin(): Promise<string> {
    const added = await call({ method: 'POST', url: '/addproduct', token: admin.idToken, payload: newProduct });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<Acknowledgement>().acknowledged).toBe(true);
    const { productId } = added.json<{ productId: string }>();
    await expect.poll(async () => (await call({ method: 'GET', url: `/product/${productId}`, token: admin.idToken })).statusCode).toBe(200);
    return productId;
  }
});

/** What the spec's Add Product form sends. */
const newProduct = {
  name: 'Spec Client Bench Grinder',
  category: 'power-tool',
  model: 'SC-BG6',
  imageUrl: '/images/products/bench-grinder.svg',
  price: '24.99',
  stock: '500',
  minOrder: '1',
  description: 'Six-inch bench grinder with two wheels, eye shields and adjustable tool rests.',
};

/** An emulator-style ID token (unsigned, as the Auth emulator issues them) with the given claims. */
function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
