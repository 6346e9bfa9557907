import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, READ_AFTER_HEADER, formatCents, totalCostCents, type LoginResponse } from '@toolforge/contracts';
import { createAccount, signIn, uniqueEmail, updateAccount } from '@toolforge/platform/testing';
import { openEmbeddedTestShop, type EmbeddedTestShop } from './test/embeddedTestShop.js';

/**
 * Property-based fuzzing of every route of the embedded shop, signed in as an admin (so every check
 * is reached): whatever the body, path, query string and headers hold, the answer is never a 5xx,
 * every refusal is `{statusCode, error, message}` (plus `fields`), and a refusal appends nothing.
 * Each route gets a bounded number of runs and a time limit, so the suite stays inside `make test`.
 */

const RUNS_PER_ROUTE = 120;
const TIME_LIMIT_PER_ROUTE_MS = 12_000;
/** Runs of the identity provider's claims: each makes an account in the emulator. */
const CLAIM_RUNS = 30;

/** Text a hostile client would try: any UTF-16 code unit (lone surrogates, NUL, controls, bidi overrides) and known trouble. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const nastyText = fc.oneof(
  fc.string({ unit: anyCodeUnit, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202Egpj.exe',
    '\uD800',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '%00',
    '0',
    '-1',
    '1e309',
    'NaN',
    'x'.repeat(5000),
  ),
);
/** Any JSON a client could send as a field's value. */
const nastyValue = fc.oneof(
  { weight: 3, arbitrary: nastyText },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 3 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 3 }),
);

/**
 * Mostly a valid body with one field replaced or dropped (so the runs reach the checks behind the
 * schema: the decider, the log, the projector), sometimes unknown fields beside it or any JSON at all.
 */
function bodyAround(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...keys), nastyValue).map(([key, value]) => ({ ...valid, [key]: value })) },
    fc.constantFrom(...keys).map((dropped) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== dropped))),
    fc.dictionary(nastyText, nastyValue, { minKeys: 1, maxKeys: 2 }).map((extra) => ({ ...extra, ...valid })),
    fc.jsonValue(),
  );
}

/** A path segment: any text, as a client would percent-encode it, or raw trouble. */
const pathSegment = fc.oneof(
  nastyText.filter((text) => text.length > 0).map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
  fc.constantFrom('%00', '%2e%2e', '%E2%80%AE', '%ZZ', '%', 'a%2Fb'),
);

/** A header value HTTP can carry (visible ASCII and spaces), from plausible to absurd. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
  fc.constantFrom('sales.orders/0/0', 'sales.orders/0/999999999999', 'catalog.products/7/1', 'identity.users/0/-1', ',,,', 'x/y/z'),
);

const queryString = fc
  .dictionary(
    fc.constantFrom('page', 'size', 'sort', 'q', 'topic', 'type', 'stream', 'from', 'to', 'after', 'limit', '__proto__'),
    nastyText,
    { maxKeys: 3 },
  )
  .map((query) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) params.append(key, value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
    const text = params.toString();
    return text ? `?${text}` : '';
  });

/** Usually none, otherwise any of the headers the shop reads, plausible or not. */
const extraHeaders = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  fc.record(
    {
      [READ_AFTER_HEADER]: headerValue,
      [IDEMPOTENCY_KEY_HEADER]: headerValue,
      'content-type': fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'multipart/form-data',
      ),
      authorization: fc.oneof(
        headerValue,
        headerValue.map((value) => `Bearer ${value}`),
      ),
    },
    { requiredKeys: [] },
  ),
);

describe('every route, fuzzed (embedded stack)', () => {
  let shop: EmbeddedTestShop;
  let admin: { uid: string; email: string; token: string; idToken: string };
  let productId: string;
  /** An order of the admin's own, for the order's lifecycle routes. */
  let orderId: string;
  const adminEmail = uniqueEmail('fuzz-admin');

  const eventCount = () => shop.eventCount();

  beforeAll(async () => {
    // No rate limits: a 429 would end most runs before they reach the checks being fuzzed.
    shop = await openEmbeddedTestShop({ adminEmails: [adminEmail], rateLimits: {} });
    const account = await createAccount({ email: adminEmail, displayName: 'Fuzz Admin', emailVerified: true });
    const login = await shop.app.inject({
      method: 'POST',
      url: '/login',
      headers: { authorization: `Bearer ${account.idToken}` },
      payload: { uid: account.uid, name: 'Fuzz Admin', email: adminEmail, loggedIn: true },
    });
    expect(login.statusCode).toBe(200);
    admin = { uid: account.uid, email: adminEmail, token: login.json<LoginResponse>().accessToken, idToken: account.idToken };
    const added = await shop.app.inject({
      method: 'POST',
      url: '/addproduct',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: validProduct,
    });
    productId = added.json<{ productId: string }>().productId;
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/order',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: validOrder(),
    });
    orderId = placed.json<{ orderId: string }>().orderId;
  }, 60_000);
  afterAll(async () => {
    await shop.close();
  });

  /** The properties every answer keeps, whatever was asked. */
  async function expectSafeAnswer(request: InjectOptions & { url: string }): Promise<void> {
    const before = await eventCount();
    let response: LightMyRequestResponse;
    try {
      response = await shop.app.inject(request);
    } catch (error) {
      // light-my-request refuses what no HTTP client could send (a header with a line break, say).
      if (error instanceof TypeError) return;
      throw error;
    }
    const where = `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBeLessThan(500);
    if (response.statusCode >= 400) {
      const body = response.json<Record<string, unknown>>();
      expect(body, where).toEqual({
        statusCode: response.statusCode,
        error: expect.any(String),
        message: expect.any(String),
        ...(body.fields === undefined ? {} : { fields: expect.any(Object) }),
      });
      expect(response.body, where).not.toMatch(/\bat .*\.(ts|js):\d+/);
      expect(await eventCount(), where).toBe(before);
    }
  }

  const validOrder = () => ({
    productId,
    userId: admin.uid,
    userName: 'Fuzz Admin',
    productName: validProduct.name,
    totalCost: Number(formatCents(totalCostCents(10_00, 5))),
    status: 'pending',
    payment: false,
    shippingAddress: '1 Forge Lane',
    orderQuantity: 5,
  });

  // The ids of the product and the order exist only once beforeAll has run: those urls are getters.
  const bodyRoutes: { name: string; method: 'POST' | 'PUT'; url: string; valid: () => Record<string, unknown>; bearer?: () => string }[] = [
    { name: 'POST /order', method: 'POST', url: '/order', valid: validOrder },
    { name: 'POST /addproduct', method: 'POST', url: '/addproduct', valid: () => ({ ...validProduct }) },
    {
      name: 'PUT /product/:id',
      method: 'PUT',
      get url() {
        return `/product/${productId}`;
      },
      valid: () => ({ ...validProductDetails, name: `Fuzzing Hammer ${Math.random()}` }),
    },
    {
      name: 'POST /product/:id/restock',
      method: 'POST',
      get url() {
        return `/product/${productId}/restock`;
      },
      valid: () => ({ quantity: 1, reason: 'fuzz' }),
    },
    {
      name: 'POST /review',
      method: 'POST',
      url: '/review',
      valid: () => ({ productId, rating: 5, text: 'Takes any blow a fuzzer deals out.' }),
    },
    {
      name: 'POST /orders/:id/status',
      method: 'POST',
      get url() {
        return `/orders/${orderId}/status`;
      },
      valid: () => ({ status: 'paid', reference: 'TRANSFER-0042' }),
    },
    {
      name: 'POST /orders/:id/cancel',
      method: 'POST',
      get url() {
        return `/orders/${orderId}/cancel`;
      },
      valid: () => ({ reason: 'fuzz' }),
    },
    { name: 'POST /makeadmin', method: 'POST', url: '/makeadmin', valid: () => ({ email: uniqueEmail('nobody') }) },
    // Unsigned, as anyone but the payment provider would send it: refused whatever it says.
    {
      name: 'POST /payments/webhook',
      method: 'POST',
      url: '/payments/webhook',
      valid: () => ({ id: 'evt_fuzz', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_fuzz' } } }),
    },
    { name: 'POST /logout', method: 'POST', url: '/logout', valid: () => ({ uid: admin.uid, loggedIn: false }) },
    {
      name: 'POST /login',
      method: 'POST',
      url: '/login',
      valid: () => ({ uid: admin.uid, name: 'Fuzz Admin', email: admin.email, loggedIn: true }),
      bearer: () => admin.idToken,
    },
  ];

  it.each(bodyRoutes)(
    '$name: any body and headers',
    async (route) => {
      await fc.assert(
        fc.asyncProperty(bodyAround(route.valid()), extraHeaders, async (body, headers) => {
          const payload = typeof body === 'string' ? body : JSON.stringify(body);
          await expectSafeAnswer({
            method: route.method,
            url: route.url,
            payload,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${route.bearer?.() ?? admin.token}`, ...headers },
          });
        }),
        { numRuns: RUNS_PER_ROUTE, interruptAfterTimeLimit: TIME_LIMIT_PER_ROUTE_MS, markInterruptAsFailure: false },
      );
    },
    60_000,
  );

  const pathRoutes: { name: string; method: 'GET' | 'DELETE' | 'POST'; path: (segment: string) => string }[] = [
    { name: 'DELETE /deleteproduct/:id', method: 'DELETE', path: (id) => `/deleteproduct/${id}` },
    { name: 'GET /product/:id', method: 'GET', path: (id) => `/product/${id}` },
    { name: 'GET /orders/:uid', method: 'GET', path: (uid) => `/orders/${uid}` },
    { name: 'GET /orders/:id/history', method: 'GET', path: (id) => `/orders/${id}/history` },
    { name: 'POST /orders/:id/cancel', method: 'POST', path: (id) => `/orders/${id}/cancel` },
    { name: 'POST /orders/:id/pay', method: 'POST', path: (id) => `/orders/${id}/pay` },
    { name: 'POST /product/:id/restock', method: 'POST', path: (id) => `/product/${id}/restock` },
    { name: 'DELETE /review/:id', method: 'DELETE', path: (id) => `/review/${id}` },
    { name: 'GET /operator/orders/:id/audit', method: 'GET', path: (id) => `/operator/orders/${id}/audit` },
  ];

  it.each(pathRoutes)(
    '$name: any path segment, query and headers',
    async (route) => {
      await fc.assert(
        fc.asyncProperty(pathSegment, queryString, extraHeaders, async (segment, query, headers) => {
          await expectSafeAnswer({
            method: route.method,
            url: `${route.path(segment)}${query}`,
            headers: { authorization: `Bearer ${admin.token}`, ...headers },
          });
        }),
        { numRuns: RUNS_PER_ROUTE, interruptAfterTimeLimit: TIME_LIMIT_PER_ROUTE_MS, markInterruptAsFailure: false },
      );
    },
    60_000,
  );

  /**
   * What an identity provider says of an account is written by whoever holds it (issue 34, row 2):
   * an account whose display name and picture are any text signs in through its ID token on its
   * first order, beside another customer's order in the same batch. Neither answer is a 5xx, and the
   * other customer's order always goes through. An account costs the emulator a few calls: fewer runs.
   */
  it('an ID token’s claims: any display name and picture, beside another customer’s order', async () => {
    // The routes fuzzed before may have signed the admin out and changed the shared product: a
    // product and a customer of this test's own, the admin signed in again to add it.
    const signedIn = async (account: { uid: string; email: string; displayName: string; idToken: string }) => {
      const login = await shop.app.inject({
        method: 'POST',
        url: '/login',
        headers: { authorization: `Bearer ${account.idToken}` },
        payload: { uid: account.uid, name: account.displayName, email: account.email, loggedIn: true },
      });
      return login.json<LoginResponse>().accessToken ?? '';
    };
    const adminToken = await signedIn({ ...admin, displayName: 'Fuzz Admin' });
    const added = await shop.app.inject({
      method: 'POST',
      url: '/addproduct',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { ...validProduct, minOrder: '1' },
    });
    const order = { ...validOrder(), productId: added.json<{ productId: string }>().productId, orderQuantity: 1 };
    order.totalCost = Number(formatCents(totalCostCents(10_00, 1)));
    const customer = await createAccount({ emailVerified: true });
    const customerToken = await signedIn(customer);

    await fc.assert(
      fc.asyncProperty(nastyText, nastyText, async (displayName, photoUrl) => {
        const account = await createAccount({ emailVerified: true });
        try {
          await updateAccount(account.uid, { displayName, photoUrl });
        } catch {
          // What the provider itself refuses never reaches the shop.
          fc.pre(false);
        }
        const idToken = await signIn(account.email, account.password);
        const [theirs, bystander] = await Promise.all([
          shop.app.inject({
            method: 'POST',
            url: '/order',
            headers: { authorization: `Bearer ${idToken}` },
            payload: { ...order, userId: account.uid },
          }),
          shop.app.inject({
            method: 'POST',
            url: '/order',
            headers: { authorization: `Bearer ${customerToken}` },
            payload: { ...order, userId: customer.uid },
          }),
        ]);
        expect(theirs.statusCode, theirs.body.slice(0, 300)).toBeLessThan(500);
        expect(bystander.statusCode, bystander.body.slice(0, 300)).toBe(200);
      }),
      { numRuns: CLAIM_RUNS, interruptAfterTimeLimit: TIME_LIMIT_PER_ROUTE_MS, markInterruptAsFailure: false },
    );
  }, 60_000);

  it.each([
    '/homeproducts',
    '/productscount',
    '/products',
    '/allorders',
    '/reviews',
    '/latestreviews',
    '/operator/events',
    '/operator/projections',
  ])(
    'GET %s: any query and headers',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(queryString, extraHeaders, async (query, headers) => {
          await expectSafeAnswer({
            method: 'GET',
            url: `${path}${query}`,
            headers: { authorization: `Bearer ${admin.token}`, ...headers },
          });
        }),
        { numRuns: RUNS_PER_ROUTE, interruptAfterTimeLimit: TIME_LIMIT_PER_ROUTE_MS, markInterruptAsFailure: false },
      );
    },
    60_000,
  );
});

/** Add Product's fields but the stock: an edit's. */
const validProductDetails = {
  name: 'Fuzzing Hammer',
  category: 'hand-tool',
  model: 'FZ-1',
  imageUrl: '/images/products/claw-hammer.svg',
  price: '10',
  minOrder: '5',
  description: 'A hammer that takes any blow a fuzzer can deal out.',
};

const validProduct = { ...validProductDetails, stock: '999999' };
