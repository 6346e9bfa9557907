import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, toCents, totalCostCents, type LoginResponse, type OrderDto, type ProductDto } from '@toolforge/contracts';
import { apiAt, launchMakeStart, signIn, testPort, tokenClaims, type LaunchedProcess } from '@toolforge/platform/testing';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { DEMO_ACCOUNTS } from './demoAccounts.js';

/** Every table of the stopped shop's read-model database but the customers' keys'. */
async function dropReadModelTables(dataDir: string): Promise<void> {
  const db = await openEmbeddedPostgres(dataDir, 'readModel');
  try {
    const tables = await db.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' and tablename not like 'privacy\\_%'",
    );
    expect(tables.rows.length).toBeGreaterThan(10);
    for (const { tablename } of tables.rows) await db.exec(`drop table if exists "${tablename}" cascade`);
  } finally {
    await db.close();
  }
}

/**
 * `make start` as a user runs it: the built process (scripts/start.mjs) on a fresh data dir,
 * driven over real HTTP, on the test ports (5100 and 8180 unless TOOLFORGE_TEST_PORT_BASE says).
 */
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const API_PORT = testPort('embeddedApi');
const WEB_PORT = testPort('embeddedWeb');
const API = `http://127.0.0.1:${API_PORT}`;
const WEB_ORIGIN = `http://localhost:${WEB_PORT}`;
const STARTUP_MS = 90_000;

function start(dataDir: string, env: Record<string, string> = {}): LaunchedProcess {
  return launchMakeStart({ dataDir, apiPort: API_PORT, webPort: WEB_PORT, env: { ADMIN_EMAILS: 'admin@toolforge.test', ...env } });
}

/** The banner, once it is printed. */
async function ready(started: LaunchedProcess): Promise<string> {
  await started.waitUntilReady({ output: 'Press Ctrl-C to stop.' }, { timeoutMs: STARTUP_MS });
  return started.output();
}

/** Ctrl-C, and the exit code it ends with (null: it had to be killed). */
function interrupt(started: LaunchedProcess): Promise<number | null> {
  return started.stop({ signal: 'SIGINT', graceMs: 30_000 });
}

const call = apiAt(API);

/** Signs a demo account in with the Auth emulator, then POST /login. */
async function login(role: 'admin' | 'customer') {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role)!;
  const idToken = await signIn(account.email, account.password);
  const uid = tokenClaims(idToken).user_id as string;
  const response = await call<LoginResponse>('POST', '/login', {
    token: idToken,
    body: { uid, name: account.displayName, email: account.email, loggedIn: true },
  });
  expect(response.status).toBe(200);
  return { uid, name: account.displayName, ...response.body };
}

describe('make start (scripts/start.mjs) on a fresh data dir', () => {
  let dataDir: string;
  let first: LaunchedProcess | undefined;
  let second: LaunchedProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'embedded/dist/index.js'))) throw new Error('build first: npx tsc -b (make test does)');
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-start-'));
  });
  afterAll(async () => {
    for (const started of [first, second]) started?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the whole API to a customer and an admin, stops on Ctrl-C and resumes from the same log', async () => {
    first = start(dataDir);
    const banner = await ready(first);
    expect(banner).toContain(`API            http://localhost:${API_PORT}`);
    expect(banner).toContain('24 products seeded into the empty log');
    // The emulator is make start's explicit development default, and the banner says what it means.
    expect(banner).toMatch(/Auth emulator {2}http:\/\/\S+ {3}\(project \S+; development only: it accepts unsigned ID tokens\)/);
    for (const account of DEMO_ACCOUNTS) expect(banner).toContain(`${account.email.padEnd(24)} password ${account.password}`);
    const webBuilt = existsSync(join(ROOT, 'web/dist/index.html'));
    expect(banner).toContain(webBuilt ? `Web app        http://localhost:${WEB_PORT}` : 'Web app        not built');

    // The catalogue is public on the home page and paged for signed-in customers.
    const home = await call<ProductDto[]>('GET', '/homeproducts');
    expect(home.body).toHaveLength(6);
    const customer = await login('customer');
    expect(customer.user.admin).toBe(false);
    const count = await call<{ count: number }>('GET', '/productscount', { token: customer.accessToken });
    expect(count.body).toEqual({ count: 24 });
    const seen: ProductDto[] = [];
    for (let page = 0; page < 5; page += 1) {
      const response = await call<ProductDto[]>('GET', `/products?page=${page}&size=5`, { token: customer.accessToken });
      expect(response.body).toHaveLength(page < 4 ? 5 : 4);
      seen.push(...response.body);
    }
    expect(new Set(seen.map((product) => product.productId)).size).toBe(24);
    expect((await call('GET', '/products?page=5&size=5', { token: customer.accessToken })).body).toEqual([]);
    expect(new Set(seen.map((product) => product.category))).toEqual(new Set(['hand-tool', 'power-tool', 'machine-tool']));

    // The customer orders, and sees the order listed at once.
    const tape = seen.find((product) => product.model === 'HT-MT08')!;
    const quantity = tape.minOrder;
    const order = {
      productId: tape.productId,
      userId: customer.uid,
      userName: customer.name,
      productName: tape.name,
      totalCost: formatCents(totalCostCents(toCents(tape.price)!, quantity)),
      status: 'pending',
      payment: false,
      shippingAddress: '3 Rivet Row, Sheffield S1 2AB',
      orderQuantity: String(quantity),
    };
    const idempotencyKey = crypto.randomUUID();
    const placed = await call<{ orderId: string; position: string }>('POST', '/order', {
      token: customer.accessToken,
      body: order,
      headers: { 'idempotency-key': idempotencyKey, origin: WEB_ORIGIN },
    });
    expect(placed.status).toBe(200);
    expect(placed.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    const mine = await call<OrderDto[]>('GET', `/orders/${customer.uid}`, {
      token: customer.accessToken,
      headers: { 'x-read-after': placed.body.position },
    });
    expect(mine.headers.get('x-read-after-satisfied')).toBe('true');
    expect(mine.body.map((listed) => listed._id)).toEqual([placed.body.orderId]);
    expect(mine.body[0]).toMatchObject({
      productName: tape.name,
      orderQuantity: quantity,
      totalCost: Number(order.totalCost),
      status: 'pending',
    });
    const retried = await call<{ orderId: string }>('POST', '/order', {
      token: customer.accessToken,
      body: order,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(retried.body.orderId).toBe(placed.body.orderId);
    expect((await call('GET', '/allorders', { token: customer.accessToken })).status).toBe(403);

    // The admin adds a product, deletes it, and lists every order.
    const admin = await login('admin');
    expect(admin.user.admin).toBe(true);
    const added = await call<{ productId: string; position: string }>('POST', '/addproduct', {
      token: admin.accessToken,
      body: {
        name: 'Torque Wrench 1/2 in',
        category: 'hand-tool',
        model: 'HT-TW40',
        imageUrl: '/images/products/combination-wrench-set.svg',
        price: '79.00',
        stock: '50',
        minOrder: '1',
        description: 'Click-type torque wrench from 40 to 210 Nm, accurate to 4 percent.',
      },
    });
    expect(added.status).toBe(200);
    const shown = await call<ProductDto>('GET', `/product/${added.body.productId}`, {
      token: admin.accessToken,
      headers: { 'x-read-after': added.body.position },
    });
    expect(shown.body).toMatchObject({ name: 'Torque Wrench 1/2 in', price: 79 });
    const deleted = await call<{ position: string }>('DELETE', `/deleteproduct/${added.body.productId}`, { token: admin.accessToken });
    expect(deleted.status).toBe(200);
    const gone = await call('GET', `/product/${added.body.productId}`, {
      token: admin.accessToken,
      headers: { 'x-read-after': deleted.body.position },
    });
    expect(gone.status).toBe(404);
    const all = await call<OrderDto[]>('GET', '/allorders', { token: admin.accessToken });
    expect(all.body.map((listed) => listed._id)).toContain(placed.body.orderId);

    // A second process cannot open the same data while the first runs.
    second = start(dataDir);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by another ToolForge process/);

    // Ctrl-C stops cleanly; the next start resumes: no re-seed, the order and the old token still good.
    expect(await interrupt(first), first.output()).toBe(0);
    expect(first.output()).toContain('ToolForge stopped.');
    expect(existsSync(join(dataDir, 'toolforge.lock'))).toBe(false);

    // The read model is made from the log, in a database of its own: with its tables gone (or from a
    // ToolForge that kept it in the log's database), the next start builds it again, and nothing is lost.
    // The customers' keys beside it are not the read model's, and stay (docs/privacy.md).
    expect(existsSync(join(dataDir, 'read-model'))).toBe(true);
    await dropReadModelTables(dataDir);
    second = start(dataDir);
    const resumed = await ready(second);
    expect(resumed).toContain('resumed from the log in the data dir');
    expect((await call('GET', '/productscount', { token: customer.accessToken })).body).toEqual({ count: 24 });
    const again = await call<OrderDto[]>('GET', `/orders/${customer.uid}`, { token: customer.accessToken });
    expect(again.body.map((listed) => listed._id)).toEqual([placed.body.orderId]);
    const tapeAfter = await call<ProductDto>('GET', `/product/${tape.productId}`, { token: customer.accessToken });
    expect(tapeAfter.body.stock).toBe(tape.stock - quantity);
    expect(await interrupt(second), second.output()).toBe(0);
  }, 240_000);

  it('refuses to start on real Firebase without credentials: exit 2 and the reason, nothing started', async () => {
    const home = await mkdtemp(join(tmpdir(), 'toolforge-home-'));
    try {
      const refused = start(join(dataDir, 'refused'), { FIREBASE_AUTH_EMULATOR_HOST: '', GOOGLE_APPLICATION_CREDENTIALS: '', HOME: home });
      expect(await refused.exited).toBe(2);
      expect(refused.output()).toContain('No Firebase credentials for project');
      expect(refused.output()).not.toMatch(/^\s+at /m);
      expect(existsSync(join(dataDir, 'refused'))).toBe(false);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
