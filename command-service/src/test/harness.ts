import { createHmac } from 'node:crypto';
import type { EmbeddedPostgres as PGlite } from '@toolforge/platform';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_TOPICS, formatCents, totalCostCents, type AddProductInput, type EventLog, type LoginResponse, type PlaceOrderInput } from '@toolforge/contracts';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform';
import { EMULATOR_HOST, PROJECT_ID, createAccount, uniqueEmail, type TestAccount } from '@toolforge/platform/testing';
import { buildCommandService } from '../app.js';
import { firebaseIdentity } from '../identity/firebaseIdentity.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

/** An HS256 token signed with the test key, as @fastify/jwt would sign it, with any claims. */
export function signTestToken(claims: Record<string, unknown>, secret = TEST_JWT_SECRET): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export interface SignedIn extends TestAccount {
  accessToken: string;
}

export const validProduct: AddProductInput = {
  name: 'Cordless Drill 18V',
  category: 'power-tool',
  model: 'CD-18',
  imageUrl: '/images/products/cordless-drill.svg',
  price: '10',
  stock: '30',
  minOrder: '5',
  description: 'Two-speed gearbox, 13 mm keyless chuck and two batteries.',
};

/**
 * A command service on an in-memory embedded log (or on `log`, say a Kafka one), verifying real ID
 * tokens from the Auth emulator. Each harness has its own ADMIN_EMAILS address, so test files never
 * share an admin. A log passed in stays open when the harness closes; its owner closes it.
 */
export async function startCommandService(options: { db?: PGlite; log?: EventLog } = {}) {
  const db = options.log ? null : (options.db ?? (await openEmbeddedPostgres(null)));
  const log = options.log ?? (await PgliteEventLog.open(db!));
  const adminEmail = uniqueEmail('admin');
  const app: FastifyInstance = await buildCommandService({
    log,
    identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
    jwtSecret: TEST_JWT_SECRET,
    adminEmails: [adminEmail],
  });

  const send = (options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> => {
    const { token, headers, ...rest } = options;
    return app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  };

  async function login(account: TestAccount): Promise<SignedIn> {
    const response = await send({
      method: 'POST',
      url: '/login',
      token: account.idToken,
      payload: { uid: account.uid, name: account.displayName, email: account.email, loggedIn: true },
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    return { ...account, accessToken: response.json<LoginResponse>().accessToken };
  }

  return {
    app,
    db,
    log,
    adminEmail,
    send,
    login,
    /** How many events the log holds: bad input must never change it. */
    eventCount: () => countEvents(log),
    customer: async (displayName = 'Ada Customer') => login(await createAccount({ displayName, emailVerified: true })),
    admin: async () => login(await createAccount({ email: adminEmail, displayName: 'Shop Admin', emailVerified: true })),
    async addProduct(admin: SignedIn, product: Partial<AddProductInput> = {}): Promise<string> {
      const response = await send({ method: 'POST', url: '/addproduct', token: admin.accessToken, payload: { ...validProduct, ...product } });
      if (response.statusCode !== 200) throw new Error(`addproduct failed: ${response.body}`);
      return response.json<{ productId: string }>().productId;
    },
    async close() {
      await app.close();
      if (db && !options.db) await db.close();
    },
  };
}

/** Every event of every topic partition, read through the port as the write model reads it. */
async function countEvents(log: EventLog): Promise<number> {
  const PAGE = 1000;
  let count = 0;
  for (const topic of ALL_TOPICS) {
    for (const partition of await log.partitions(topic)) {
      for (let from = 0; ; ) {
        const page = await log.read(topic, partition, from, PAGE);
        count += page.length;
        if (page.length < PAGE) break;
        from = page[page.length - 1]!.position.offset + 1;
      }
    }
  }
  return count;
}

export type CommandHarness = Awaited<ReturnType<typeof startCommandService>>;

/** A command service with a signed-in admin and customer: the start of most HTTP tests. */
export async function startWithAdminAndCustomer(customerName?: string) {
  const shop = await startCommandService();
  return { shop, admin: await shop.admin(), customer: await shop.customer(customerName) };
}

/** An order of `validProduct` (price 10.00, stock 30, minOrder 5) for `customer`, at the right total. */
export function orderOf(customer: SignedIn, productId: string, quantity: number, patch: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    productId,
    userId: customer.uid,
    userName: customer.displayName,
    productName: validProduct.name,
    totalCost: Number(formatCents(totalCostCents(10_00, quantity))),
    status: 'pending',
    payment: false,
    shippingAddress: '1 Forge Lane, Sheffield',
    orderQuantity: quantity,
    ...patch,
  };
}
