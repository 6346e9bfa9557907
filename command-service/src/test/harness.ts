import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { EventLog } from '@toolforge/platform';
import { firebaseIdentity } from '@toolforge/platform/identity';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { openVault, sealedLog } from '@toolforge/platform/privacy';
import { pgliteSql } from '@toolforge/platform/sql';
import type { EmbeddedPostgres as PGlite } from '@toolforge/platform/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { formatCents, totalCostCents, type AddProductInput, type LoginResponse, type PlaceOrderInput } from '@toolforge/contracts';
import {
  EMULATOR_HOST,
  PROJECT_ID,
  createAccount,
  readEvents,
  sendTo,
  signApiTokenForTest,
  tokenClaims,
  uniqueEmail,
  type AppRequest,
  type TestAccount,
} from '@toolforge/platform/testing';
import { buildCommandService, type CommandServiceDeps } from '../app.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

/** An API token signed with the test key (see signApiTokenForTest), with any claims. */
export function signTestToken(claims: Record<string, unknown>, secret = TEST_JWT_SECRET): string {
  return signApiTokenForTest(claims, secret);
}

export interface SignedIn extends TestAccount {
  accessToken: string;
}

/** The session version the signed-in user's API token was issued at. */
export function sessionVersionOf(signedIn: SignedIn): number {
  return Number(tokenClaims(signedIn.accessToken).sv);
}

/** The body the client sends to /login for `account`, with `extra` fields (to see them refused). */
export function loginBody(account: { uid: string; email: string; displayName: string }, extra: object = {}) {
  return { uid: account.uid, name: account.displayName, email: account.email, loggedIn: true, ...extra };
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
export async function startCommandService(
  options: { db?: PGlite; log?: EventLog; withKeyStore?: boolean } & Pick<
    CommandServiceDeps,
    'writer' | 'onWriterLost' | 'limits' | 'clock' | 'reservationTtlMs' | 'payments' | 'onErasure' | 'readModel'
  > = {},
) {
  const db = options.log ? null : (options.db ?? (await openEmbeddedPostgres(null)));
  /** The log as stored: with a key store, its personal values sealed. */
  const storedLog = options.log ?? (await PgliteEventLog.open(db!));
  const keyStore = options.withKeyStore ? await openTestKeyStore() : undefined;
  const log = keyStore ? sealedLog(storedLog, keyStore.vault) : storedLog;
  const adminEmail = uniqueEmail('admin');
  const app: FastifyInstance = await buildCommandService({
    log,
    privacy: keyStore,
    onErasure: options.onErasure,
    identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
    jwtSecret: TEST_JWT_SECRET,
    adminEmails: [adminEmail],
    writer: options.writer,
    onWriterLost: options.onWriterLost,
    limits: options.limits,
    clock: options.clock,
    reservationTtlMs: options.reservationTtlMs,
    payments: options.payments,
    readModel: options.readModel,
  });

  const send = (request: AppRequest): Promise<LightMyRequestResponse> => sendTo(app, request);
  /** POST /login with `token` (an ID token, or whatever a test sends in its place) and `payload`. */
  const postLogin = (request: Omit<AppRequest, 'method' | 'url'>) => send({ method: 'POST', url: '/login', ...request });
  /** POST /logout of `uid` with `token`. */
  const postLogout = (token: string, uid: string) => send({ method: 'POST', url: '/logout', token, payload: { uid, loggedIn: false } });

  async function login(account: TestAccount): Promise<SignedIn> {
    const response = await postLogin({ token: account.idToken, payload: loginBody(account) });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    return { ...account, accessToken: response.json<LoginResponse>().accessToken };
  }

  return {
    app,
    db,
    log,
    storedLog,
    keyStore,
    adminEmail,
    send,
    postLogin,
    postLogout,
    login,
    /** How many events the log holds: bad input must never change it. */
    eventCount: async () => (await readEvents(log)).length,
    customer: async (displayName = 'Ada Customer') => login(await createAccount({ displayName, emailVerified: true })),
    admin: async () => login(await createAccount({ email: adminEmail, displayName: 'Shop Admin', emailVerified: true })),
    async addProduct(admin: SignedIn, product: Partial<AddProductInput> = {}): Promise<string> {
      const response = await send({
        method: 'POST',
        url: '/addproduct',
        token: admin.accessToken,
        payload: { ...validProduct, ...product },
      });
      if (response.statusCode !== 200) throw new Error(`addproduct failed: ${response.body}`);
      return response.json<{ productId: string }>().productId;
    },
    /** Places an order of `quantity` of `validProduct` (price 10.00) for `customer`; its id. */
    async placeOrder(customer: SignedIn, productId: string, quantity: number): Promise<string> {
      const response = await send({
        method: 'POST',
        url: '/order',
        token: customer.accessToken,
        payload: orderOf(customer, productId, quantity),
      });
      if (response.statusCode !== 200) throw new Error(`order failed: ${response.body}`);
      return response.json<{ orderId: string }>().orderId;
    },
    /** The events of one order's stream, as the log holds them. */
    async eventsOf(orderId: string) {
      return (await readEvents(log)).filter((event) => event.streamId === orderId);
    },
    async close() {
      await app.close();
      await keyStore?.close();
      if (db && !options.db) await db.close();
    },
  };
}

export type CommandHarness = Awaited<ReturnType<typeof startCommandService>>;

/** A key store of its own (an in-memory database), under the machine's test master key, for a command service that erases. */
async function openTestKeyStore() {
  const keysDb = await openEmbeddedPostgres(null);
  const { vault, keys } = await openVault(pgliteSql(keysDb), { masterKeyFile: join(tmpdir(), 'toolforge-test-privacy-master-key') });
  return { vault, keys, invoiceRetentionYears: 10, db: keysDb, close: () => keysDb.close() };
}

/** A command service with a signed-in admin and customer, and a product of `validProduct` when asked for. */
export interface ShopUnderTest {
  shop: CommandHarness;
  admin: SignedIn;
  customer: SignedIn;
  /** Set with `withProduct` only. */
  productId: string;
}

/**
 * The start of most HTTP tests: a command service with a signed-in admin and customer (and, with
 * `withProduct`, a product the admin added), started before the enclosing describe's tests and
 * closed after them. Its fields are set once beforeAll has run: read them in tests and hooks.
 */
export function useShop({ customerName, withProduct = false }: { customerName?: string; withProduct?: boolean } = {}): ShopUnderTest {
  const given = {} as ShopUnderTest;
  beforeAll(async () => {
    given.shop = await startCommandService();
    given.admin = await given.shop.admin();
    given.customer = await given.shop.customer(customerName);
    if (withProduct) given.productId = await given.shop.addProduct(given.admin);
  });
  afterAll(() => given.shop.close());
  return given;
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
