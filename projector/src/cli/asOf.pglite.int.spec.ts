import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBEDDED_DATABASES, PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { logWriter } from '@toolforge/platform/testing';
import { AS_OF, asOfHistory } from '../test/asOfHistory.js';
import { runCli } from './cli.suite.js';
import type { StockLine } from './stockCommand.js';

/** The parts of `audit orders --format json` these checks read. */
interface AuditJson {
  asOf?: string;
  orders: { orderId: string; status: string; payment: boolean; refundedCents: number; events: { type: string }[] }[];
  totals: { orders: number; quantity: number; revenue: string };
  stock: { productId: string; stock: number; reserved: number; remaining: number }[];
  consistency: unknown;
}

describe('toolforge stock and audit --as-of on the embedded log alone', { timeout: 120_000 }, () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-as-of-'));
    env = { DATA_DIR: dataDir };
    // The log only: no read model is ever built, and none is needed to answer as of a moment.
    const db = await openEmbeddedPostgres(dataDir, 'log');
    try {
      const append = logWriter(await PgliteEventLog.open(db));
      for (const event of asOfHistory()) await append(event);
    } finally {
      await db.close();
    }
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const json = async <T>(argv: string[]): Promise<T> => {
    const { code, stdout, stderr } = await runCli([...argv, '--format', 'json'], env);
    expect({ code, stderr }, argv.join(' ')).toEqual({ code: 0, stderr: '' });
    return JSON.parse(stdout) as T;
  };

  it('tells each product’s stock as it stood at each moment, and as it stands now', async () => {
    const drill = (onHand: number, reserved: number): StockLine => ({
      productId: 'p-drill',
      name: 'Cordless Drill',
      onHand,
      reserved,
      available: onHand - reserved,
    });
    expect(await runCli(['stock', '--as-of', AS_OF.afterAdded], env)).toEqual({
      code: 0,
      stderr: '',
      stdout:
        "Stock as of 2026-11-20T08:30:00.000Z (the log's events that occurred at or before it)\n" +
        'PRODUCT  NAME            ON HAND  RESERVED  AVAILABLE\n' +
        'p-drill  Cordless Drill  10       0         10\n' +
        'p-vise   Bench Vise      4        0         4\n',
    });
    const expected: [moment: string | undefined, line: StockLine][] = [
      [AS_OF.afterPlaced, drill(10, 5)],
      [AS_OF.afterRestocked, drill(15, 5)],
      [AS_OF.afterCancelled, drill(15, 3)],
      // Now: the delivered o-1 still holds its 3, and o-3 holds 1.
      [undefined, drill(15, 4)],
    ];
    for (const [moment, line] of expected) {
      const asOf = moment ? ['--as-of', moment] : [];
      expect(await json(['stock', '--product', 'p-drill', ...asOf]), moment).toEqual({ asOf: moment ?? null, products: [line] });
    }
  });

  it('audits the orders as they stood at each moment: their status, payment, refunds and totals to the cent', async () => {
    const audit = (moment: string) => json<AuditJson>(['audit', 'orders', '--as-of', moment]);
    const orders = (report: AuditJson) =>
      report.orders.map((order) => [order.orderId, order.status, order.payment, order.refundedCents, order.events.length]);

    const none = await audit(AS_OF.afterAdded);
    expect({ asOf: none.asOf, orders: none.orders, totals: none.totals, consistency: none.consistency }).toEqual({
      asOf: AS_OF.afterAdded,
      orders: [],
      totals: { orders: 0, quantity: 0, revenue: '0.00', byDay: {}, byProduct: {}, byUser: {} },
      consistency: null,
    });

    const placed = await audit(AS_OF.afterPlaced);
    expect(orders(placed)).toEqual([
      ['o-1', 'pending', false, 0, 1],
      ['o-2', 'pending', false, 0, 1],
    ]);
    expect(placed.totals).toMatchObject({ orders: 2, quantity: 5, revenue: '205.00' });
    expect(placed.stock).toEqual([{ productId: 'p-drill', stock: 10, reserved: 5, remaining: 5 }]);

    const restocked = await audit(AS_OF.afterRestocked);
    expect(orders(restocked)).toEqual([
      ['o-1', 'paid', true, 0, 2],
      ['o-2', 'pending', false, 0, 1],
    ]);
    expect(restocked.totals).toMatchObject({ orders: 2, quantity: 5, revenue: '205.00' });
    expect(restocked.stock).toEqual([{ productId: 'p-drill', stock: 15, reserved: 5, remaining: 10 }]);

    const cancelled = await audit(AS_OF.afterCancelled);
    expect(orders(cancelled)).toEqual([
      ['o-1', 'paid', true, 0, 2],
      ['o-2', 'cancelled', false, 0, 2],
    ]);
    expect(cancelled.totals).toMatchObject({ orders: 1, quantity: 3, revenue: '113.00' });
    expect(cancelled.stock).toEqual([{ productId: 'p-drill', stock: 15, reserved: 3, remaining: 12 }]);

    // The audit's own filters narrow the orders as they stood.
    const bo = await json<AuditJson>(['audit', 'orders', '--as-of', AS_OF.afterRestocked, '--user', 'u-bo']);
    expect(orders(bo)).toEqual([['o-2', 'pending', false, 0, 1]]);
    expect(bo.totals).toMatchObject({ orders: 1, quantity: 2, revenue: '92.00' });
  });

  it('audits one order as of a moment, saying in one line that the read model was not consulted', async () => {
    const { code, stdout, stderr } = await runCli(['audit', 'order', 'o-1', '--as-of', AS_OF.afterPlaced], env);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(
      /^o-1 +2026-11-20T09:00:00\.000Z +u-ada +1 +3 +60\.00 +113\.00 +pending +unpaid +OrderPlaced@sales\.orders\/0\/0$/m,
    );
    expect(stdout).toMatch(/^History of o-1\nPOSITION +TIME +TYPE +BY +STATUS +REASON\nsales\.orders\/0\/0 .* pending\n\n/m);
    expect(stdout).toMatch(
      /\nAs of 2026-11-20T09:45:00\.000Z: the log's events that occurred at or before it; the read model, which holds the shop now, was not checked\.\n$/,
    );
    expect(stdout).not.toMatch(/Read model/);
    // The tool never opened a read model in the data dir.
    expect(existsSync(join(dataDir, EMBEDDED_DATABASES.readModel))).toBe(false);
  });

  it('refuses with exit code 2 an order or product the log did not hold then, and a moment to come or no moment at all', async () => {
    expect(await runCli(['audit', 'order', 'o-3', '--as-of', AS_OF.afterCancelled], env)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolforge: the log held no order o-3 as of 2026-11-20T11:30:00.000Z\n',
    });
    expect(await runCli(['stock', '--product', 'p-none'], env)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolforge: the log holds no product p-none\n',
    });
    const future = await runCli(['stock', '--as-of', '2999-01-01'], env);
    expect({ code: future.code, stdout: future.stdout }).toEqual({ code: 2, stdout: '' });
    expect(future.stderr).toMatch(/2999-01-01T00:00:00\.000Z has not come yet: the log holds no account of it\n\nUsage: toolforge stock /);
    const garbled = await runCli(['audit', 'orders', '--as-of', 'last tuesday'], env);
    expect({ code: garbled.code, stdout: garbled.stdout }).toEqual({ code: 2, stdout: '' });
    expect(garbled.stderr).toMatch(/option '--as-of <iso>' argument 'last tuesday' is invalid\. expected an ISO date or time/);
  });
});
