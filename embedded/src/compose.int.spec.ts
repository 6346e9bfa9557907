import { describe, expect, it } from 'vitest';
import {
  PRIVACY_PATHS,
  formatCents,
  toCents,
  totalCostCents,
  type LoginResponse,
  type MyDataResponse,
  type OrderDto,
  type ProductDto,
} from '@toolforge/contracts';
import { createAccount, uniqueEmail } from '@toolforge/platform/testing';
import { useEmbeddedTestShop } from './test/embeddedTestShop.js';

/**
 * Command and query routes in one Fastify, on one in-memory PGlite, with real ID tokens from the
 * Auth emulator: what a customer and an admin do, each read right after its command.
 */
describe('the embedded shop (command + projector + query in one process)', () => {
  const { adminEmail, send } = useEmbeddedTestShop('admin');

  async function signIn(email: string, displayName: string) {
    const account = await createAccount({ email, displayName, emailVerified: true });
    const response = await send({
      method: 'POST',
      url: '/login',
      token: account.idToken,
      payload: { uid: account.uid, name: displayName, email, loggedIn: true },
    });
    expect(response.statusCode).toBe(200);
    return { ...account, ...response.json<LoginResponse>() };
  }

  it('lets an admin add a product and see it at once; a customer order it and see the order at once', async () => {
    const admin = await signIn(adminEmail, 'Shop Admin');
    expect(admin.user.admin).toBe(true);
    const added = await send({
      method: 'POST',
      url: '/addproduct',
      token: admin.accessToken,
      payload: {
        name: 'Bench Grinder 200 mm',
        category: 'machine-tool',
        model: 'BG-200',
        imageUrl: '/images/products/bench-grinder.svg',
        price: '169.00',
        stock: '20',
        minOrder: '2',
        description: 'Two wheels, adjustable tool rests and spark arrestors.',
      },
    });
    expect(added.statusCode).toBe(200);
    const { productId, position } = added.json<{ productId: string; position: string }>();
    const product = await send({
      method: 'GET',
      url: `/product/${productId}`,
      token: admin.accessToken,
      headers: { 'x-read-after': position },
    });
    expect(product.statusCode).toBe(200);
    expect(product.headers['x-read-after-satisfied']).toBe('true');
    expect(product.json<ProductDto>()).toMatchObject({ productId, price: 169, stock: 20, minOrder: 2 });

    const customer = await signIn(uniqueEmail('customer'), 'Casey Customer');
    const total = formatCents(totalCostCents(toCents('169.00')!, 3));
    const order = await send({
      method: 'POST',
      url: '/order',
      token: customer.accessToken,
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: {
        productId,
        userId: customer.uid,
        userName: 'Casey Customer',
        productName: 'Bench Grinder 200 mm',
        totalCost: total,
        status: 'pending',
        payment: false,
        shippingAddress: '7 Lathe Street, Leeds',
        orderQuantity: '3',
      },
    });
    expect(order.statusCode).toBe(200);
    const placed = order.json<{ orderId: string; position: string }>();

    const mine = await send({
      method: 'GET',
      url: `/orders/${customer.uid}`,
      token: customer.accessToken,
      headers: { 'x-read-after': placed.position },
    });
    expect(mine.headers['x-read-after-satisfied']).toBe('true');
    expect(mine.json<OrderDto[]>()).toEqual([
      expect.objectContaining({
        _id: placed.orderId,
        productId,
        orderQuantity: 3,
        totalCost: Number(total),
        status: 'pending',
        payment: false,
      }),
    ]);
    const stock = await send({
      method: 'GET',
      url: `/product/${productId}`,
      token: customer.accessToken,
      headers: { 'x-read-after': placed.position },
    });
    expect(stock.json<ProductDto>().stock).toBe(17);

    const all = await send({ method: 'GET', url: '/allorders', token: admin.accessToken, headers: { 'x-read-after': placed.position } });
    expect(all.json<OrderDto[]>().map((o) => o._id)).toContain(placed.orderId);
    expect((await send({ method: 'GET', url: '/allorders', token: customer.accessToken })).statusCode).toBe(403);
  });

  it('hands a customer a copy of their data whether they call with their Firebase ID token or the shop’s API token', async () => {
    const email = uniqueEmail('copy');
    const customer = await signIn(email, 'Casey Copy');
    const headers = { 'x-read-after': customer.position };
    const copies = await Promise.all(
      [customer.idToken, customer.accessToken].map((token) => send({ method: 'GET', url: PRIVACY_PATHS.data, token, headers })),
    );
    for (const copy of copies) {
      expect(copy.statusCode).toBe(200);
      expect(copy.json<MyDataResponse>()).toMatchObject({
        profile: { uid: customer.uid, email, name: 'Casey Copy', emailVerified: true, admin: false },
        orders: [],
        reviews: [],
      });
    }
    expect((await send({ method: 'GET', url: PRIVACY_PATHS.data })).statusCode).toBe(401);
  });

  it('answers paths no route serves with 404 in the shop’s error shape', async () => {
    const response = await send({ method: 'GET', url: '/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
  });
});
