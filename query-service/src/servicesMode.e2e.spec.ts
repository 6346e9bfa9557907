import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  READ_AFTER_SATISFIED_HEADER,
  fromCents,
  messages,
  parsePosition,
  totalCostCents,
  type LoginResponse,
  type OrderDto,
  type ProductDto,
} from '@toolforge/contracts';
import {
  EMULATOR_HOST,
  createAccount,
  createTestDatabase,
  signIn,
  deleteKeys,
  deleteTopics,
  fetchJson,
  startServiceProcess,
  testPort,
  uniqueEmail,
  uniqueKeyPrefix,
  uniqueTopicPrefix,
  type ServiceProcess,
  type TestAccount,
  type TestDatabase,
} from '@toolforge/platform/testing';

/**
 * Services mode (docs/architecture.md#2-two-ways-to-run-same-code) end to end: the three built services, each started as
 * `npm start -w <service>` runs it, on Kafka, PostgreSQL and Redis, driven over HTTP as the web
 * app drives them. A write is visible at once to a read that carries its position.
 */
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const brokers = inject('kafkaBrokers');
const redisUrl = inject('redisUrl');
const COMMAND_PORT = testPort('servicesCommand');
const QUERY_PORT = testPort('servicesQuery');
const PROJECTOR_PORT = testPort('servicesProjector');
const commandApi = `http://127.0.0.1:${COMMAND_PORT}`;
const queryApi = `http://127.0.0.1:${QUERY_PORT}`;
const projectorHealth = `http://127.0.0.1:${PROJECTOR_PORT}`;
const WEB_ORIGIN = 'http://localhost:8080';

/** The accounts created by email, so that a second sign-in of one reuses it. */
const accounts = new Map<string, TestAccount>();

/**
 * Signs an emulator account in through POST /login (a new one, or the one of that email again): the
 * shop's API token, and the sign-in's position.
 */
async function login(options: { email?: string; displayName: string }) {
  const known = options.email ? accounts.get(options.email) : undefined;
  const account = known
    ? { ...known, idToken: await signIn(known.email, known.password) }
    : await createAccount({ email: options.email, displayName: options.displayName, emailVerified: true });
  accounts.set(account.email, account);
  const response = await fetchJson<LoginResponse>(`${commandApi}/login`, {
    method: 'POST',
    token: account.idToken,
    body: { uid: account.uid, name: account.displayName, email: account.email, loggedIn: true },
  });
  expect(response.status).toBe(200);
  return {
    uid: account.uid,
    name: account.displayName,
    email: account.email,
    token: response.body.accessToken,
    position: response.body.position,
  };
}

describe('services mode: command service, projector and query service, each alone', () => {
  const topicPrefix = uniqueTopicPrefix('services');
  const keyPrefix = uniqueKeyPrefix('services');
  const adminEmail = uniqueEmail('admin');
  const services: Record<'command' | 'projector' | 'query', ServiceProcess | undefined> = {
    command: undefined,
    projector: undefined,
    query: undefined,
  };
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(inject('postgresUrl'));
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-services-'));
    const env = {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      KAFKA_BROKERS: brokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      KAFKA_TRANSACTIONAL_ID: `${topicPrefix}command-service`,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      JWT_SECRET: '',
      ADMIN_EMAILS: adminEmail,
      COMMAND_PORT: String(COMMAND_PORT),
      QUERY_PORT: String(QUERY_PORT),
      PROJECTOR_PORT: String(PROJECTOR_PORT),
      WEB_ORIGINS: WEB_ORIGIN,
      LOG_LEVEL: 'info',
    };
    // Started together, as `make start-services` starts them: they share the generated API token key.
    [services.command, services.projector, services.query] = await Promise.all([
      startServiceProcess({ packageDir: join(root, 'command-service'), env, ready: { url: `${commandApi}/ready` } }),
      startServiceProcess({ packageDir: join(root, 'projector'), env, ready: { url: `${projectorHealth}/ready` } }),
      startServiceProcess({ packageDir: join(root, 'query-service'), env, ready: { url: `${queryApi}/ready` } }),
    ]);
  });

  afterAll(async () => {
    for (const service of Object.values(services)) service?.kill();
    await database?.drop();
    await deleteTopics(brokers.split(','), topicPrefix);
    await deleteKeys(redisUrl, keyPrefix);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('lets an admin add a product and a customer order it, and shows each write to the next read at once', async () => {
    const admin = await login({ email: adminEmail, displayName: 'Services Admin' });
    const customer = await login({ displayName: 'Services Customer' });

    const added = await fetchJson<{ acknowledged: boolean; position: string; productId: string }>(`${commandApi}/addproduct`, {
      method: 'POST',
      token: admin.token,
      body: {
        name: 'Torque Wrench 1/2"',
        category: 'hand-tool',
        model: 'TW-12',
        imageUrl: '/images/products/torque-wrench.svg',
        price: '89.50',
        stock: '40',
        minOrder: '2',
        description: 'Click-type torque wrench, 40 to 200 Nm, calibrated to within four percent.',
      },
    });
    expect(added.status).toBe(200);
    const { productId } = added.body;

    const product = await fetchJson<ProductDto>(`${queryApi}/product/${productId}`, {
      token: customer.token,
      headers: { 'x-read-after': added.body.position, origin: WEB_ORIGIN },
    });
    expect(product.status).toBe(200);
    expect(product.headers.get(READ_AFTER_SATISFIED_HEADER)).toBe('true');
    expect(product.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    expect(product.body).toMatchObject({ productId, price: 89.5, stock: 40, minOrder: 2 });

    const placed = await fetchJson<{ acknowledged: boolean; position: string; orderId: string }>(`${commandApi}/order`, {
      method: 'POST',
      token: customer.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        productId,
        userId: customer.uid,
        userName: customer.name,
        productName: product.body.name,
        totalCost: String(fromCents(totalCostCents(89_50, 3))),
        status: 'pending',
        payment: false,
        shippingAddress: '7 Forge Lane, Sheffield',
        orderQuantity: '3',
      },
    });
    expect(placed.status).toBe(200);

    // "Confirm Order" then the order list: the list carries the order's position and shows it.
    const started = Date.now();
    const orders = await fetchJson<OrderDto[]>(`${queryApi}/orders/${customer.uid}`, {
      token: customer.token,
      headers: { 'x-read-after': placed.body.position },
    });
    expect(orders.status).toBe(200);
    expect(orders.headers.get(READ_AFTER_SATISFIED_HEADER)).toBe('true');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(orders.body).toMatchObject([
      { _id: placed.body.orderId, productId, orderQuantity: 3, totalCost: fromCents(totalCostCents(89_50, 3)), status: 'pending' },
    ]);

    // Without a position the read comes through Redis, refreshed by the projector's commits.
    await expect
      .poll(async () => (await fetchJson<ProductDto>(`${queryApi}/product/${productId}`, { token: customer.token })).body.stock)
      .toBe(37);
    const count = await fetchJson<{ count: number }>(`${queryApi}/productscount`, { token: admin.token });
    expect(count.body).toEqual({ count: 1 });
  });

  it('answers /health and /ready on each of the three processes, without a token and never rate-limited', async () => {
    for (const base of [commandApi, queryApi, projectorHealth]) {
      for (const path of ['/health', '/ready']) {
        const response = await fetchJson<{ status: string }>(`${base}${path}`);
        expect(response.status, `${base}${path}`).toBe(200);
        expect(response.body).toEqual({ status: 'ok' });
      }
    }
  });

  it('refuses an X-Read-After position past the end of the Kafka log with 400', async () => {
    const customer = await login({ displayName: 'Services Reader' });
    const { topic, partition, offset } = parsePosition(customer.position)!;
    const response = await fetchJson<{ message: string }>(`${queryApi}/orders/${customer.uid}`, {
      token: customer.token,
      headers: { 'x-read-after': `${topic}/${partition}/${offset + 1_000_000}` },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.readAfterBeyondLog);
  });

  it('ends a session at both services with /logout, and a revoked admin’s token at both', async () => {
    const admin = await login({ email: adminEmail, displayName: 'Services Admin' });
    const clerk = await login({ displayName: 'Services Clerk' });
    const customer = await login({ displayName: 'Leaving Customer' });
    expect((await fetchJson(`${queryApi}/orders/${customer.uid}`, { token: customer.token })).status).toBe(200);

    const loggedOut = await fetchJson(`${commandApi}/logout`, {
      method: 'POST',
      token: customer.token,
      body: { uid: customer.uid, loggedIn: false },
    });
    expect(loggedOut.status).toBe(200);
    expect(
      (await fetchJson(`${commandApi}/logout`, { method: 'POST', token: customer.token, body: { uid: customer.uid, loggedIn: false } }))
        .status,
    ).toBe(401);
    // The query service learns it from the read model once the projector applied it (and its
    // per-account cache of at most a second has expired).
    await expect
      .poll(async () => (await fetchJson(`${queryApi}/orders/${customer.uid}`, { token: customer.token })).status, { timeout: 10_000 })
      .toBe(401);

    const granted = await fetchJson(`${commandApi}/makeadmin`, { method: 'POST', token: admin.token, body: { email: clerk.email } });
    expect(granted.status).toBe(200);
    await expect.poll(async () => (await fetchJson(`${queryApi}/allorders`, { token: clerk.token })).status, { timeout: 10_000 }).toBe(200);
    const revoked = await fetchJson(`${commandApi}/revokeadmin`, { method: 'POST', token: admin.token, body: { email: clerk.email } });
    expect(revoked.status).toBe(200);
    expect((await fetchJson(`${commandApi}/addproduct`, { method: 'POST', token: clerk.token, body: {} })).status).toBe(401);
    await expect.poll(async () => (await fetchJson(`${queryApi}/allorders`, { token: clerk.token })).status, { timeout: 10_000 }).toBe(401);
  });

  it('serves the spec’s client, which sends the Firebase ID token itself to both services', async () => {
    const account = await createAccount({ displayName: 'Original Client Customer', emailVerified: true });
    const synced = await fetchJson(`${commandApi}/login`, {
      method: 'POST',
      body: { uid: account.uid, name: null, email: account.email, loggedIn: true },
    });
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({ acknowledged: true });
    expect((await fetchJson<{ count: number }>(`${queryApi}/productscount`, { token: account.idToken })).status).toBe(200);
    // The command side signs the account in on first sight; the query side then knows it too.
    const loggedOut = await fetchJson(`${commandApi}/logout`, {
      method: 'POST',
      token: account.idToken,
      body: { uid: account.uid, loggedIn: false },
    });
    expect(loggedOut.status).toBe(200);
    // A customer's ID token is no admin's, on the query side too.
    expect((await fetchJson(`${queryApi}/allorders`, { token: account.idToken })).status).toBe(403);
  });

  it('stops each service gracefully on SIGTERM', async () => {
    for (const [name, label] of [
      ['query', 'query service'],
      ['projector', 'projector'],
      ['command', 'command service'],
    ] as const) {
      const service = services[name]!;
      expect(await service.stop({ signal: 'SIGTERM' }), service.output()).toBe(0);
      expect(service.output()).toContain(`${label} stopping`);
      expect(service.output()).toContain(`${label} stopped`);
    }
  });
});
