import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  IDEMPOTENCY_KEY_HEADER,
  TOPICS,
  messages,
  type ApiError,
  type LoginResponse,
  type OrderPlaced,
  type PlaceOrderResponse,
} from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import { KafkaEventLog } from '@toolforge/platform/kafka';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import {
  EMULATOR_HOST,
  createAccount,
  createTestDatabase,
  deleteTopics,
  fetchJson,
  readEvents,
  startServiceProcess,
  testPort,
  uniqueEmail,
  uniqueTopicPrefix,
  type HttpAnswer,
  type ServiceProcess,
} from '@toolforge/platform/testing';
import { loginBody, orderOf, validProduct, type SignedIn } from './test/harness.js';

/**
 * The single writer's promise under group commit (docs/architecture.md#4-the-command-side), as a crash tests it:
 * the built command service, placing orders from concurrent clients, is killed with SIGKILL part
 * way (batches in flight, some committed but not answered, some in an open transaction), started
 * again on the same log, and every Idempotency-Key is retried until it is answered. Each key then
 * has exactly one order in the log, every acknowledgement given before the crash is given again,
 * and the stock the restarted service holds back is what the log's orders reserve.
 */
const packageDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const brokers = inject('kafkaBrokers');
const PORT = testPort('commandKilled');
const base = `http://127.0.0.1:${PORT}`;

const ORDERS = 400;
const CLIENTS = 16;
const CUSTOMERS = 8;
const KILL_AFTER_ACKNOWLEDGED = 100;
/**
 * The kill comes up to this long after that acknowledgement, a few batches' time: at a random
 * moment of the writer's cycle (a batch being decided, sent, committed, or committed and not yet
 * answered), not always just after an answer, where it would find the next batch barely begun.
 */
const KILL_WITHIN_MS = 50;
/** Quantities 1, 2, 3 in turn: 799 of 1,000 in all, so the stock left (201) is below a customer's share (500). */
const STOCK = 1000;
const quantityOf = (index: number) => 1 + (index % 3);
/** After the restart a key should be answered at its first retry; a failed one is tried this often before it is reported. */
const ATTEMPTS_AFTER_RESTART = 3;

/** Where the service keeps its log, and how the test reads it back once the service has stopped. */
interface LogUnderTest {
  env: Record<string, string>;
  orderEvents: () => Promise<StoredEvent[]>;
  remove: () => Promise<void>;
}

async function kafkaLog(): Promise<LogUnderTest> {
  const topicPrefix = uniqueTopicPrefix('killed');
  // The customers' keys are in the read model's PostgreSQL beside Kafka (docs/privacy.md).
  const database = await createTestDatabase(inject('postgresUrl'));
  return {
    env: {
      KAFKA_BROKERS: brokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      KAFKA_TRANSACTIONAL_ID: `${topicPrefix}command-service`,
      DATABASE_URL: database.url,
    },
    async orderEvents() {
      // Read-only (no transactional id): committed records only, as every reader of the log sees them.
      const log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix });
      try {
        return await readEvents(log, { topics: [TOPICS.orders] });
      } finally {
        await log.close();
      }
    },
    async remove() {
      await deleteTopics(brokers.split(','), topicPrefix);
      await database.drop();
    },
  };
}

async function embeddedLog(): Promise<LogUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-killed-'));
  return {
    env: { KAFKA_BROKERS: '', DATA_DIR: dataDir },
    async orderEvents() {
      const db = await openEmbeddedPostgres(dataDir);
      try {
        return await readEvents(await PgliteEventLog.open(db), { topics: [TOPICS.orders] });
      } finally {
        await db.close();
      }
    },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** One order of the load: its key, who places it and how many. */
interface KeyedOrder {
  key: string;
  customer: SignedIn;
  quantity: number;
}

type Outcome = { acknowledged: true; orderId: string; position: string } | { acknowledged: false; why: string };

async function place(order: KeyedOrder, productId: string): Promise<HttpAnswer<PlaceOrderResponse | ApiError>> {
  return fetchJson(`${base}/order`, {
    method: 'POST',
    token: order.customer.accessToken,
    headers: { [IDEMPOTENCY_KEY_HEADER]: order.key },
    body: orderOf(order.customer, productId, order.quantity),
  });
}

/** One try: the acknowledgement, or why there was none (an HTTP answer, or the connection's failure). */
async function attempt(order: KeyedOrder, productId: string): Promise<Outcome> {
  try {
    const answer = await place(order, productId);
    if (answer.status !== 200) return { acknowledged: false, why: `${answer.status} ${JSON.stringify(answer.body)}` };
    const { orderId, position } = answer.body as PlaceOrderResponse;
    return { acknowledged: true, orderId, position };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { acknowledged: false, why: cause?.code ?? cause?.message ?? String(error) };
  }
}

/** Runs `work` on each item with at most `clients` at once, as that many clients would. */
async function byClients<T>(items: readonly T[], clients: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: clients }, client));
}

const started: ServiceProcess[] = [];

async function startService(log: LogUnderTest, adminEmail: string): Promise<ServiceProcess> {
  const service = await startServiceProcess({
    packageDir,
    env: {
      COMMAND_PORT: String(PORT),
      HOST: '127.0.0.1',
      JWT_SECRET: 'killed-under-load-test-secret-long-enough',
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      ADMIN_EMAILS: adminEmail,
      RATE_LIMIT_ORDER: '0',
      RATE_LIMIT_LOGIN: '0',
      LOG_LEVEL: 'warn',
      ...log.env,
    },
    ready: { url: `${base}/ready` },
  });
  started.push(service);
  return service;
}

async function signIn(email?: string): Promise<SignedIn> {
  const account = await createAccount({ email, displayName: 'Load Customer', emailVerified: true });
  const answer = await fetchJson<LoginResponse>(`${base}/login`, { method: 'POST', token: account.idToken, body: loginBody(account) });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...account, accessToken: answer.body.accessToken };
}

async function addProduct(admin: SignedIn): Promise<string> {
  const answer = await fetchJson<{ productId: string }>(`${base}/addproduct`, {
    method: 'POST',
    token: admin.accessToken,
    body: { ...validProduct, stock: String(STOCK), minOrder: '1' },
  });
  if (answer.status !== 200) throw new Error(`addproduct failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.productId;
}

/**
 * A bound for hangs, not a measure of speed: the embedded log opens PGlite three times (the start,
 * the restart's recovery after the crash, the test's own read), seconds each when both cores are busy.
 */
const logs = [
  { name: 'on Kafka', open: kafkaLog, timeout: 60_000 },
  { name: 'on the embedded log', open: embeddedLog, timeout: 120_000 },
];

describe.each(logs)('the command service killed with SIGKILL under load, $name', ({ open, timeout }) => {
  const removals: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const service of started.splice(0)) {
      service.kill();
      await service.exited;
    }
    for (const remove of removals) await remove();
  });

  it('ends with exactly one order per Idempotency-Key once every key is retried after a restart', { timeout }, async () => {
    const log = await open();
    removals.push(log.remove);
    const adminEmail = uniqueEmail('admin');
    const first = await startService(log, adminEmail);
    const productId = await addProduct(await signIn(adminEmail));
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => signIn()));
    const prober = await signIn();
    const orders: KeyedOrder[] = Array.from({ length: ORDERS }, (_, index) => ({
      key: crypto.randomUUID(),
      customer: customers[index % CUSTOMERS]!,
      quantity: quantityOf(index),
    }));

    // The load, and SIGKILL part way; keys not sent by then stay unsent.
    const killDelayMs = Math.floor(Math.random() * KILL_WITHIN_MS);
    const about = (key: string) => `${key}, killed ${killDelayMs} ms after the ${KILL_AFTER_ACKNOWLEDGED}th acknowledgement`;
    const beforeKill = new Map<string, Outcome>();
    let acknowledged = 0;
    let killed = false;
    await byClients(orders, CLIENTS, async (order) => {
      if (killed) return;
      const outcome = await attempt(order, productId);
      beforeKill.set(order.key, outcome);
      if (outcome.acknowledged && ++acknowledged === KILL_AFTER_ACKNOWLEDGED) {
        setTimeout(() => {
          killed = true;
          first.kill();
        }, killDelayMs);
      }
    });
    await first.exited;
    const acknowledgedBeforeKill = [...beforeKill].filter(
      (entry): entry is [string, Outcome & { acknowledged: true }] => entry[1].acknowledged,
    );
    expect(acknowledgedBeforeKill.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(acknowledgedBeforeKill.length).toBeLessThan(ORDERS);
    // Orders in flight fail as a crash makes them fail (a reset connection), never with a 4xx.
    expect([...beforeKill.values()].filter((outcome) => !outcome.acknowledged && /^4\d\d /.test(outcome.why))).toEqual([]);

    // The same log and transactional id, and every key again, each with its own body, until it is answered.
    const second = await startService(log, adminEmail);
    const afterRestart = new Map<string, Outcome>();
    await byClients(orders, CLIENTS, async (order) => {
      let outcome: Outcome = { acknowledged: false, why: 'not tried' };
      for (let tries = 0; tries < ATTEMPTS_AFTER_RESTART && !outcome.acknowledged; tries += 1) outcome = await attempt(order, productId);
      afterRestart.set(order.key, outcome);
    });
    expect([...afterRestart.values()].filter((outcome) => !outcome.acknowledged)).toEqual([]);
    // The same answer as before the crash: the same order, at the same place in the log.
    for (const [key, before] of acknowledgedBeforeKill) expect(afterRestart.get(key), about(key)).toEqual(before);

    // More than is left: the restarted service says how much it still has, from what it read back.
    const probe = await place({ key: crypto.randomUUID(), customer: prober, quantity: STOCK }, productId);
    expect(probe.status).toBe(409);
    expect(await second.stop()).toBe(0);

    const placed = (await log.orderEvents()).filter((event): event is StoredEvent<OrderPlaced> => event.type === 'OrderPlaced');
    for (const order of orders) {
      const underKey = placed.filter((event) => event.meta.commandId === order.key).map((event) => event.data);
      expect(underKey, about(order.key)).toEqual([
        expect.objectContaining({ userId: order.customer.uid, lines: [expect.objectContaining({ productId, quantity: order.quantity })] }),
      ]);
      expect(afterRestart.get(order.key), about(order.key)).toMatchObject({ orderId: underKey[0]!.orderId });
    }
    expect(placed).toHaveLength(ORDERS);
    const reserved = placed.reduce((sum, event) => sum + event.data.lines[0]!.quantity, 0);
    expect(reserved).toBe(orders.reduce((sum, order) => sum + order.quantity, 0));
    expect(probe.body).toMatchObject({ message: messages.maxOrderQuantity(STOCK - reserved) });
  });
});
