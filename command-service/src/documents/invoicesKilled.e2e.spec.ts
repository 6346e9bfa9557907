import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, TOPICS, documentNumber, type InvoiceIssued, type LoginResponse } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import {
  EMULATOR_HOST,
  createAccount,
  fetchJson,
  freePort,
  readEvents,
  startServiceProcess,
  uniqueEmail,
  type ServiceProcess,
} from '@toolforge/platform/testing';
import { loginBody, orderOf, validProduct, type SignedIn } from '../test/harness.js';

/**
 * The invoice numbers' promise as a crash tests it (docs/documents.md): the built command service,
 * paying orders for concurrent clients, is killed with SIGKILL part way, started again on the same
 * embedded log, and every payment is sent again under its Idempotency-Key until answered. The log
 * then holds one invoice per paid order, right after its payment, numbered 1..N in the year without
 * a gap or a repeat: a number whose append died with the process was never in the log, and is taken
 * again by the next decision.
 */
const packageDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const ORDERS = 60;
const CLIENTS = 8;
const KILL_AFTER_PAID = 20;
/** Up to this long after that answer: at a random moment of the writer's cycle. */
const KILL_WITHIN_MS = 30;
const ATTEMPTS_AFTER_RESTART = 3;

const started: ServiceProcess[] = [];

async function byClients<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

describe('invoice numbers when the command service is killed with SIGKILL while paying orders', () => {
  let dataDir = '';
  afterAll(async () => {
    for (const service of started.splice(0)) {
      service.kill();
      await service.exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('invoices every paid order once, numbered 1..N without a gap, after a restart on the same log', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-invoices-killed-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const adminEmail = uniqueEmail('admin');
    const start = async () => {
      const service = await startServiceProcess({
        packageDir,
        env: {
          COMMAND_PORT: String(port),
          HOST: '127.0.0.1',
          JWT_SECRET: 'invoices-killed-test-secret-long-enough',
          FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
          ADMIN_EMAILS: adminEmail,
          RATE_LIMIT_ORDER: '0',
          RATE_LIMIT_LOGIN: '0',
          RATE_LIMIT_COMMAND: '0',
          LOG_LEVEL: 'warn',
          KAFKA_BROKERS: '',
          DATA_DIR: dataDir,
        },
        ready: { url: `${base}/ready` },
      });
      started.push(service);
      return service;
    };
    const signIn = async (email?: string): Promise<SignedIn> => {
      const account = await createAccount({ email, displayName: 'Invoice Customer', emailVerified: true });
      const answer = await fetchJson<LoginResponse>(`${base}/login`, { method: 'POST', token: account.idToken, body: loginBody(account) });
      if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      return { ...account, accessToken: answer.body.accessToken };
    };

    const first = await start();
    const admin = await signIn(adminEmail);
    const customer = await signIn();
    const product = await fetchJson<{ productId: string }>(`${base}/addproduct`, {
      method: 'POST',
      token: admin.accessToken,
      body: { ...validProduct, stock: '10000', minOrder: '1' },
    });
    expect(product.status).toBe(200);
    const orders: { orderId: string; key: string }[] = [];
    await byClients(
      Array.from({ length: ORDERS }, (_, index) => index),
      async (index) => {
        const placed = await fetchJson<{ orderId: string }>(`${base}/order`, {
          method: 'POST',
          token: customer.accessToken,
          body: orderOf(customer, product.body.productId, 1 + (index % 3)),
        });
        expect(placed.status).toBe(200);
        orders.push({ orderId: placed.body.orderId, key: crypto.randomUUID() });
      },
    );
    /** The admin marks the order paid offline, under its own key: a retry answers the first answer. */
    const pay = async ({ orderId, key }: { orderId: string; key: string }): Promise<number | string> => {
      try {
        const answer = await fetchJson(`${base}/orders/${orderId}/status`, {
          method: 'POST',
          token: admin.accessToken,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
          body: { status: 'paid', reference: `TRANSFER-${orderId}` },
        });
        return answer.status;
      } catch (error) {
        return String((error as { cause?: { code?: string } }).cause?.code ?? error);
      }
    };

    let paid = 0;
    let killed = false;
    await byClients(orders, async (order) => {
      if (killed) return;
      if ((await pay(order)) === 200 && ++paid === KILL_AFTER_PAID) {
        setTimeout(
          () => {
            killed = true;
            first.kill();
          },
          Math.floor(Math.random() * KILL_WITHIN_MS),
        );
      }
    });
    await first.exited;
    expect(paid).toBeLessThan(ORDERS);

    const second = await start();
    const answers: (number | string)[] = [];
    await byClients(orders, async (order) => {
      let answer: number | string = 'not tried';
      for (let tries = 0; tries < ATTEMPTS_AFTER_RESTART && answer !== 200; tries += 1) answer = await pay(order);
      answers.push(answer);
    });
    expect(answers.filter((answer) => answer !== 200)).toEqual([]);
    expect(await second.stop()).toBe(0);

    const db = await openEmbeddedPostgres(dataDir);
    let events: StoredEvent[];
    try {
      events = await readEvents(await PgliteEventLog.open(db), { topics: [TOPICS.orders] });
    } finally {
      await db.close();
    }
    const invoices = events.filter((event): event is StoredEvent<InvoiceIssued> => event.type === 'InvoiceIssued');
    const year = new Date(invoices[0]!.data.issuedAt).getUTCFullYear();
    expect(invoices.map((event) => event.data.invoiceNumber)).toEqual(
      Array.from({ length: ORDERS }, (_, index) => documentNumber({ kind: 'invoice', year, sequence: index + 1 })),
    );
    for (const { orderId } of orders) {
      const stream = events.filter((event) => event.streamId === orderId);
      const payments = stream.filter((event) => event.type === 'OrderPaid');
      expect(payments, orderId).toHaveLength(1);
      expect(
        stream.filter((event) => event.type === 'InvoiceIssued').map((event) => event.streamPosition),
        orderId,
      ).toEqual([payments[0]!.streamPosition + 1]);
    }
  });
});
