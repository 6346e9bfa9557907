import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  messages,
  parsePosition,
  type Acknowledgement,
  type ApiError,
  type LoginResponse,
  type PlaceOrderInput,
} from '@toolforge/contracts';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { createAccount, deleteTopics, eventAt, uniqueTopicPrefix } from '@toolforge/platform/testing';
import { loginBody, orderOf, startCommandService, type CommandHarness, type SignedIn } from './test/harness.js';

/**
 * The command side's key behaviours on a real Kafka broker (started by the tests' global setup),
 * as the embedded-log suites check them: each test file run has its own topics.
 */
const brokers = inject('kafkaBrokers').split(',');

describe('command service on Kafka', () => {
  const topicPrefix = uniqueTopicPrefix('commands');
  const transactionalId = `${topicPrefix}command-service`;
  const openLog = () => KafkaEventLog.open({ brokers, topicPrefix, transactionalId });
  const logs: KafkaEventLog[] = [];
  const harnesses: CommandHarness[] = [];

  /** A command service instance on its own connection to the run's topics, as a new process would be. */
  async function startInstance(): Promise<CommandHarness> {
    const log = await openLog();
    logs.push(log);
    const harness = await startCommandService({ log });
    harnesses.push(harness);
    return harness;
  }

  let shop: CommandHarness;
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    shop = await startInstance();
    admin = await shop.admin();
    customer = await shop.customer();
  });
  afterAll(async () => {
    for (const harness of harnesses) await harness.close();
    for (const log of logs) await log.close();
    await deleteTopics(brokers, topicPrefix);
  });

  const place = (on: CommandHarness, body: PlaceOrderInput, key?: string, by: SignedIn = customer) =>
    on.send({ method: 'POST', url: '/order', token: by.accessToken, headers: key ? { 'idempotency-key': key } : {}, payload: body });

  it('signs in with a verified ID token and acknowledges at a Kafka position', async () => {
    const account = await createAccount({ displayName: 'Grace Hopper', emailVerified: true });
    const response = await shop.postLogin({ token: account.idToken, payload: loginBody(account) });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body.user).toEqual({ uid: account.uid, name: 'Grace Hopper', email: account.email, admin: false });
    const position = parsePosition(body.position)!;
    expect(position.topic).toBe('identity.users');
    expect(await eventAt(logs[0]!, position)).toMatchObject({ type: 'UserSignedIn', streamId: account.uid });
  });

  it('adds a product for an admin only, and a refusal appends nothing', async () => {
    const before = await shop.eventCount();
    const refused = await shop.send({ method: 'POST', url: '/addproduct', token: customer.accessToken, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(await shop.eventCount()).toBe(before);
    const productId = await shop.addProduct(admin);
    expect(await shop.eventCount()).toBe(before + 1);
    expect(productId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reserves stock per order, and answers a retry with the same Idempotency-Key without appending', async () => {
    const productId = await shop.addProduct(admin, { price: '10', stock: '30', minOrder: '5' });
    const key = crypto.randomUUID();
    const first = await place(shop, orderOf(customer, productId, 15), key);
    expect(first.statusCode).toBe(200);
    expect(parsePosition(first.json<Acknowledgement>().position)).toMatchObject({ topic: 'sales.orders' });
    const before = await shop.eventCount();
    const retry = await place(shop, orderOf(customer, productId, 15), key);
    expect(retry.json()).toEqual(first.json());
    expect(await shop.eventCount()).toBe(before);
    const other = await shop.customer('Other Customer');
    expect((await place(shop, orderOf(other, productId, 10), undefined, other)).statusCode).toBe(200);
    const tooMany = await place(shop, orderOf(other, productId, 6), undefined, other);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<ApiError>().message).toBe(messages.maxOrderQuantity(5));
  });

  it('rebuilds the write model from Kafka after a restart: stock, deletions, roles and idempotency keys', async () => {
    const productId = await shop.addProduct(admin, { price: '10', stock: '30', minOrder: '5' });
    const deletedId = await shop.addProduct(admin);
    expect((await shop.send({ method: 'DELETE', url: `/deleteproduct/${deletedId}`, token: admin.accessToken })).statusCode).toBe(200);
    const key = crypto.randomUUID();
    const placed = await place(shop, orderOf(customer, productId, 15), key);
    expect(placed.statusCode).toBe(200);
    const other = await shop.customer('Another Customer');
    expect((await place(shop, orderOf(other, productId, 10), undefined, other)).statusCode).toBe(200);
    await shop.close();
    await logs[0]!.close();

    // A new process: a new connection, the same transactional id, the model read back from the topics.
    shop = await startInstance();
    const retry = await place(shop, orderOf(customer, productId, 15), key);
    expect(retry.json()).toEqual(placed.json());
    expect((await place(shop, orderOf(other, productId, 6), undefined, other)).json<ApiError>().message).toBe(messages.maxOrderQuantity(5));
    // What the first customer's open order holds counts after the restart too.
    expect((await place(shop, orderOf(customer, productId, 5))).json<ApiError>().message).toBe(messages.maxOrderQuantity(0));
    expect((await shop.send({ method: 'DELETE', url: `/deleteproduct/${deletedId}`, token: admin.accessToken })).statusCode).toBe(404);
    // Still an admin by the log's AdminGranted, though this instance has another ADMIN_EMAILS.
    expect((await shop.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: admin.accessToken })).statusCode).toBe(200);
  });

  it('fences the first instance when a second one starts: its commands fail with 503 and never reach the log', async () => {
    const first = shop;
    const productId = await first.addProduct(admin);
    const second = await startInstance();
    const before = await second.eventCount();

    const late = await first.send({ method: 'POST', url: '/addproduct', token: admin.accessToken, payload: { ...lateProduct } });
    expect(late.statusCode).toBe(503);
    expect(late.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: messages.writerFenced });
    const lateOrder = await place(first, orderOf(customer, productId, 5));
    expect(lateOrder.statusCode).toBe(503);
    expect(await second.eventCount()).toBe(before);

    // The second instance read everything the first wrote before it took over, and goes on writing.
    const ordered = await place(second, orderOf(customer, productId, 5));
    expect(ordered.statusCode).toBe(200);
    expect((await second.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: admin.accessToken })).statusCode).toBe(200);
    expect(await second.eventCount()).toBe(before + 2);
  });

  it('is no longer ready once fenced, and calls its exit hook so that a supervisor restarts it', async () => {
    const log = await openLog();
    logs.push(log);
    const lost: string[] = [];
    const first = await startCommandService({ log, writer: log, onWriterLost: (reason) => lost.push(reason) });
    harnesses.push(first);
    const firstAdmin = await first.admin();
    expect((await first.send({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ok' });

    await startInstance();
    expect(
      (await first.send({ method: 'POST', url: '/addproduct', token: firstAdmin.accessToken, payload: { ...lateProduct } })).statusCode,
    ).toBe(503);
    expect(lost).toEqual(['another command service has taken over the log']);
    const ready = await first.send({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      reasons: ['not the log’s writer: another command service has taken over the log'],
    });
    // Alive all the same, answering the requests in hand until it ends.
    expect((await first.send({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
  });
});

const lateProduct = {
  name: 'Bench Vise 150 mm',
  category: 'machine-tool',
  model: 'BV-150',
  imageUrl: '/images/products/bench-vise.svg',
  price: '80',
  stock: '12',
  minOrder: '1',
  description: 'Cast-iron body, swivel base and replaceable serrated jaws.',
};
