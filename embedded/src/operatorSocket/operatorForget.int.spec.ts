import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER, formatPosition, messages, type LoginResponse } from '@toolforge/contracts';
import { validOrderBody, validProductForm } from '@toolforge/contracts/testing';
import { createAccount, readEvents, sendTo, uniqueEmail, type AppRequest } from '@toolforge/platform/testing';
import { runOperatorsTool } from '@toolforge/projector';
import { openEmbeddedTestShop, type EmbeddedTestShop } from '../test/embeddedTestShop.js';
import { serveOperatorSocket, type OperatorSocket } from './server.js';

/**
 * `toolforge forget customer` against a running embedded shop (docs/privacy.md#erasure): the shop's
 * composition on an in-memory PGlite, its operators' socket in a data dir of the test's own, and the
 * tool run in-process on that data dir, as `make start` and `npx toolforge` would be. The shop's own
 * command side decides each erasure.
 */
const OPERATOR = `operator:${userInfo().username}`;
const ADDRESS = '12 Forge Lane, Sheffield S1 2AB';
/** A product of 10.00, so that validOrderBody's total is its total. */
const product = { ...validProductForm, price: '10' };

describe('toolforge forget customer while the embedded shop runs', () => {
  const adminEmail = uniqueEmail('forget-admin');
  let shop: EmbeddedTestShop;
  let socket: OperatorSocket;
  let dataDir: string;
  let productId: string;
  const send = (request: AppRequest) => sendTo(shop.app, request);

  /** The tool run in-process on the test's data dir, its output captured. */
  async function toolforge(argv: string[], env: NodeJS.ProcessEnv = {}) {
    let stdout = '';
    let stderr = '';
    const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) };
    const code = await runOperatorsTool(argv, io, { DATA_DIR: dataDir, ...env });
    return { code, stdout, stderr };
  }

  async function signedIn(name: string, email = uniqueEmail('forget-customer')) {
    const account = await createAccount({ email, displayName: name, emailVerified: true });
    const login = await send({
      method: 'POST',
      url: '/login',
      token: account.idToken,
      payload: { uid: account.uid, name, email, loggedIn: true },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { uid: account.uid, name, token: login.json<LoginResponse>().accessToken };
  }

  /** An order of 10 by the customer: pending (unpaid) until someone moves it on. */
  async function placeOrder(customer: { uid: string; name: string; token: string }): Promise<string> {
    const payload = { ...validOrderBody, productId, userId: customer.uid, userName: customer.name, shippingAddress: ADDRESS };
    const placed = await send({ method: 'POST', url: '/order', token: customer.token, payload });
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json<{ orderId: string }>().orderId;
  }

  beforeAll(async () => {
    shop = await openEmbeddedTestShop({ adminEmails: [adminEmail] });
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-forget-'));
    // As host.ts serves it: the shop's own log and read model, and the command side's erasure.
    socket = await serveOperatorSocket({ dataDir, readModel: shop.db, log: shop.log, forgetCustomer: shop.shop.operations.forgetCustomer });
    const admin = await signedIn('Forge Admin', adminEmail);
    const added = await send({ method: 'POST', url: '/addproduct', token: admin.token, payload: product });
    expect(added.statusCode, added.body).toBe(200);
    productId = added.json<{ productId: string }>().productId;
  });
  afterAll(async () => {
    await socket?.close();
    await shop?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('erases a customer whose orders are all cancelled: the line, a CustomerForgotten by the operator, and the log reads them as forgotten', async () => {
    const ada = await signedIn('Ada Lovelace');
    const orderId = await placeOrder(ada);
    const cancelled = await send({ method: 'POST', url: `/orders/${orderId}/cancel`, token: ada.token, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const erased = await toolforge(['forget', 'customer', ada.uid]);
    expect(erased.stderr).toBe('');
    expect(erased.code).toBe(0);
    const events = await readEvents(shop.shop.log);
    const forgotten = events.at(-1)!;
    expect(forgotten).toMatchObject({ type: 'CustomerForgotten', data: { uid: ada.uid, by: 'operator' }, meta: { actor: OPERATOR } });
    expect(erased.stdout).toBe(`${ada.uid} was erased: CustomerForgotten by ${OPERATOR} at ${formatPosition(forgotten.position)}\n`);
    // The key is destroyed: the shop's own log now reads the order without her name and address.
    expect(events.find((event) => event.type === 'OrderPlaced' && event.streamId === orderId)?.data).toMatchObject({
      userId: ada.uid,
      userName: FORMER_CUSTOMER,
      shippingAddress: '',
    });

    // Again: nothing left to do, and nothing appended.
    const again = await toolforge(['forget', 'customer', ada.uid]);
    expect(again).toEqual({ code: 0, stdout: `${ada.uid} was erased already: nothing to do\n`, stderr: '' });
    expect(await shop.eventCount()).toBe(events.length);
  });

  it('refuses a customer with an order neither delivered nor cancelled, and a uid the shop never knew (exit 2, the shop’s message)', async () => {
    const bob = await signedIn('Bob Smith');
    await placeOrder(bob);
    const before = await shop.eventCount();

    const open = await toolforge(['forget', 'customer', bob.uid]);
    expect(open).toEqual({ code: 2, stdout: '', stderr: `toolforge: the running shop refused: ${messages.eraseWithOpenOrders}\n` });
    const unknown = await toolforge(['forget', 'customer', 'no-such-uid']);
    expect(unknown).toEqual({ code: 2, stdout: '', stderr: `toolforge: the running shop refused: ${messages.accountNotFound}\n` });
    expect(await shop.eventCount()).toBe(before);
  });

  it('prints the erasure as JSON with --format json', async () => {
    const cleo = await signedIn('Cleo Bright');
    const erased = await toolforge(['forget', 'customer', cleo.uid, '--format', 'json']);
    expect(erased.code, erased.stderr).toBe(0);
    const forgotten = (await readEvents(shop.shop.log)).at(-1)!;
    expect(JSON.parse(erased.stdout)).toEqual({ uid: cleo.uid, actor: OPERATOR, position: formatPosition(forgotten.position) });

    const again = await toolforge(['forget', 'customer', cleo.uid, '--format', 'json']);
    expect(JSON.parse(again.stdout)).toEqual({ uid: cleo.uid, actor: OPERATOR, position: null });
  });

  it('refuses what is no uid before asking the shop (a usage error, exit 2)', async () => {
    const before = await shop.eventCount();
    const { code, stdout, stderr } = await toolforge(['forget', 'customer', 'u-1\nroot']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain('expected an account’s uid');
    expect(await shop.eventCount()).toBe(before);
  });

  it('says services mode has no operator’s erasure yet, and where a customer is erased there (exit 2)', async () => {
    const { code, stdout, stderr } = await toolforge(['forget', 'customer', 'u-1'], { KAFKA_BROKERS: '127.0.0.1:1' });
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/^toolforge: forget customer is not available in services mode yet .*POST \/me\/erase/);
  });

  it('tells the operator to start the shop where none runs (exit 2): the erasure is the running shop’s to decide', async () => {
    const stopped = await mkdtemp(join(tmpdir(), 'toolforge-forget-stopped-'));
    try {
      const { code, stdout, stderr } = await toolforge(['forget', 'customer', 'u-1'], { DATA_DIR: stopped });
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      expect(stderr).toBe(
        `toolforge: the embedded shop in ${stopped} is not running (nothing answers on its operators’ socket): ` +
          'the erasure is decided by the running shop, so start it (make start), then run the erasure again\n',
      );
    } finally {
      await rm(stopped, { recursive: true, force: true });
    }
  });
});
