import { afterEach, describe, expect, it } from 'vitest';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPIRED_REASON, type ProductAdded } from '@toolforge/contracts';
import {
  orderCancelled,
  orderLine,
  orderMoved,
  orderPlaced,
  orderPlacedOf,
  productAdded,
  productUpdated,
  stockAdjusted,
  userSignedIn,
} from '@toolforge/contracts/testing';
import { readConfig, type EventLog } from '@toolforge/platform';
import { publicKeyText, signingKeyIn } from '@toolforge/platform/anchors';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { openVault, sealedLog } from '@toolforge/platform/privacy';
import { logWriter } from '@toolforge/platform/testing';
import { Projector } from '../projector.js';
import { dumpReadModel, openTestReadModel, type ReadModelDump } from '../test/readModel.js';
import { connectToShop } from './shopConnection.js';
import { run } from './program.js';

/** A shop for the tool to look at: its log and read model, and the settings that name them. */
export interface CliShop {
  readonly log: EventLog;
  readonly readModel: SqlExecutor;
  /** The environment the tool runs with. */
  readonly env: NodeJS.ProcessEnv;
  /** Lets go of the shop so that the tool can open it (the embedded database is one process's at a time). */
  release(): Promise<void>;
  close(): Promise<void>;
}

/** Runs the tool in-process with stdout and stderr captured; nobody presses Ctrl-C. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv) {
  let stdout = '';
  let stderr = '';
  const never = () => new Promise<void>(() => undefined);
  const code = await run(argv, { out: (text) => void (stdout += text), err: (text) => void (stderr += text) }, env, never);
  return { code, stdout, stderr };
}

/**
 * Runs a following command (`events tail`) in-process until what it printed satisfies `done` (or
 * 15 s pass), then tells it to stop, as Ctrl-C would.
 */
export async function runCliUntil(argv: string[], env: NodeJS.ProcessEnv, done: (stdout: string) => boolean) {
  let stdout = '';
  let stderr = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      const deadline = Date.now() + 15_000;
      const look = () => (done(stdout) || Date.now() > deadline ? resolve() : setTimeout(look, 20));
      look();
    });
  const code = await run(argv, { out: (text) => void (stdout += text), err: (text) => void (stderr += text) }, env, stop);
  return { code, stdout, stderr };
}

/** Opens the shop as the tool does (the embedded one only while nothing else holds it) and looks at its read model. */
async function withShop<T>(env: NodeJS.ProcessEnv, look: (readModel: SqlExecutor) => Promise<T>): Promise<T> {
  const shop = await connectToShop(readConfig(env), { readModel: true });
  try {
    return await look(shop.readModel!);
  } finally {
    await shop.close();
  }
}

/** The schemas a rebuild works in, if any was left behind. */
async function schemasLeft(sql: SqlExecutor): Promise<string[]> {
  const result = await sql.query<{ nspname: string }>("select nspname from pg_namespace where nspname like 'toolforge_%'");
  return result.rows.map((row) => row.nspname);
}

const DRILL = { productId: 'p-drill', name: 'Cordless Drill', priceCents: 129_00, stock: 40 } as const;
const VISE = { productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50, stock: 10 } as const;

/** One writer per log, which knows each stream's version: later events of the known history's streams go through it too. */
const writers = new WeakMap<EventLog, ReturnType<typeof logWriter>>();
function writerOf(log: EventLog): ReturnType<typeof logWriter> {
  const writer = writers.get(log) ?? logWriter(log);
  writers.set(log, writer);
  return writer;
}

/** Two products and three orders over two days; totals worked out by hand (5 % tax, 50.00 flat fee). */
export async function knownHistory(log: EventLog, readModel: SqlExecutor): Promise<void> {
  const append = writerOf(log);
  const drill = productAdded(DRILL, { occurredAt: '2026-11-19T08:00:00.000Z' });
  const vise = productAdded(VISE, { occurredAt: '2026-11-19T08:01:00.000Z' });
  const at = (occurredAt: string) => ({ occurredAt });
  const product = (event: ProductAdded) => event.data;
  for (const event of [
    userSignedIn({ uid: 'u-ada' }),
    drill,
    vise,
    // 5 × 129.00 = 645.00 + 32.25 + 50.00 = 727.25
    orderPlaced(product(drill), { orderId: 'o-1', userId: 'u-ada', quantity: 5 }, at('2026-11-20T10:00:00.000Z')),
    // 2 × 89.50 = 179.00 + 8.95 + 50.00 = 237.95
    orderPlaced(product(vise), { orderId: 'o-2', userId: 'u-ada', quantity: 2 }, at('2026-11-20T15:30:00.000Z')),
    // 1 × 129.00 = 129.00 + 6.45 + 50.00 = 185.45
    orderPlaced(product(drill), { orderId: 'o-3', userId: 'u-bo', quantity: 1 }, at('2026-11-21T09:00:00.000Z')),
  ]) {
    await append(event);
  }
  await new Projector({ log, store: await openTestReadModel(readModel) }).catchUp();
}

/**
 * The known history in an embedded data dir as `make start` keeps it (the log and the read model each
 * in a database of its own), `alter`ed by hand, and closed for the tool or the shop to open.
 */
export async function knownEmbeddedShop(dataDir: string, alter?: (readModel: SqlExecutor) => Promise<unknown>): Promise<void> {
  const logDb = await openEmbeddedPostgres(dataDir, 'log');
  const readModelDb = await openEmbeddedPostgres(dataDir, 'readModel');
  try {
    const readModel = pgliteSql(readModelDb);
    await knownHistory(await PgliteEventLog.open(logDb), readModel);
    await alter?.(readModel);
  } finally {
    await Promise.all([logDb.close(), readModelDb.close()]);
  }
}

/** The tool's commands on a shop built from a known history. */
/** The tool's JSON output, as the parts a test reads (everything else is checked with toEqual). */
interface AuditJson {
  orders: { orderId: string; status: string; payment: boolean; events: unknown[] }[];
  totals: unknown;
  stock: unknown;
  consistency: { checked: unknown; disagreements: unknown[] };
}
interface StatusJson {
  boundToThisLog: boolean;
  deadLetters: number;
  partitions: { topic: string; checkpoint: number; logEnd: number; lag: number; lagSeconds: number }[];
}
const parsed = <T>(text: string): T => JSON.parse(text) as T;

export function describeCli(adapters: string, openShop: () => Promise<CliShop>): void {
  // Each command opens the shop as the tool does: the embedded database takes seconds to open on a busy machine,
  // and the longest tests run a rebuild and several commands (60 s was reached in a clean-clone run of issue 39).
  describe(`toolforge on ${adapters}`, { timeout: 150_000 }, () => {
    const closers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      while (closers.length > 0) await closers.pop()!();
    });

    /** A shop holding the known history, projected, then `alter`ed by hand and released for the tool. */
    async function shopWithHistory(alter?: (readModel: SqlExecutor, log: EventLog) => Promise<unknown>): Promise<NodeJS.ProcessEnv> {
      const shop = await openShop();
      closers.push(() => shop.close());
      await knownHistory(shop.log, shop.readModel);
      await alter?.(shop.readModel, shop.log);
      await shop.release();
      return shop.env;
    }

    it('audits the orders from the log: totals per day, product and user to the cent, and a consistent read model (exit 0)', async () => {
      const env = await shopWithHistory();
      const { code, stdout, stderr } = await runCli(['audit', 'orders', '--format', 'json'], env);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const report = parsed<AuditJson>(stdout);
      expect(report.orders.map((order: { orderId: string }) => order.orderId)).toEqual(['o-1', 'o-2', 'o-3']);
      expect(report.orders[0]?.events).toEqual([expect.objectContaining({ type: 'OrderPlaced', time: '2026-11-20T10:00:00.000Z' })]);
      expect(report.totals).toEqual({
        orders: 3,
        quantity: 8,
        revenue: '1150.65',
        byDay: {
          '2026-11-20': { orders: 2, quantity: 7, revenue: '965.20' },
          '2026-11-21': { orders: 1, quantity: 1, revenue: '185.45' },
        },
        byProduct: {
          'p-drill': { orders: 2, quantity: 6, revenue: '912.70' },
          'p-vise': { orders: 1, quantity: 2, revenue: '237.95' },
        },
        byUser: {
          'u-ada': { orders: 2, quantity: 7, revenue: '965.20' },
          'u-bo': { orders: 1, quantity: 1, revenue: '185.45' },
        },
      });
      expect(report.stock).toEqual([
        { productId: 'p-drill', stock: 40, reserved: 6, remaining: 34 },
        { productId: 'p-vise', stock: 10, reserved: 2, remaining: 8 },
      ]);
      // Three orders and two products.
      expect(report.consistency).toEqual({ checked: 5, disagreements: [] });
    });

    it('narrows the audit to a range, a user and a product, and writes CSV to --out', async () => {
      const env = await shopWithHistory();
      const json = await runCli(['audit', 'orders', '--from', '2026-11-20T12:00:00Z', '--to', '2026-11-22', '--format', 'json'], env);
      expect(parsed<AuditJson>(json.stdout).totals).toMatchObject({ orders: 2, quantity: 3, revenue: '423.40' });
      const mine = await runCli(['audit', 'orders', '--user', 'u-ada', '--product', 'p-drill', '--format', 'json'], env);
      expect(parsed<AuditJson>(mine.stdout).totals).toMatchObject({ orders: 1, quantity: 5, revenue: '727.25' });

      const out = join(tmpdir(), `toolforge-audit-${crypto.randomUUID()}.csv`);
      expect((await runCli(['audit', 'orders', '--format', 'csv', '--out', out], env)).code).toBe(0);
      const rows = (await readFile(out, 'utf8')).trimEnd().split('\r\n');
      expect(rows[0]).toBe('order,placed,user,line,product,quantity,unit_price,line_total,subtotal,total,status,payment,events');
      expect(rows.slice(1).map((row) => row.split(',').slice(0, 10))).toEqual([
        ['o-1', '2026-11-20T10:00:00.000Z', 'u-ada', '1', 'p-drill', '5', '129.00', '645.00', '645.00', '727.25'],
        ['o-2', '2026-11-20T15:30:00.000Z', 'u-ada', '1', 'p-vise', '2', '89.50', '179.00', '179.00', '237.95'],
        ['o-3', '2026-11-21T09:00:00.000Z', 'u-bo', '1', 'p-drill', '1', '129.00', '129.00', '129.00', '185.45'],
      ]);
    });

    it('reports an order row altered by hand, and the stock it throws off, with exit code 1', async () => {
      const env = await shopWithHistory(async (readModel) => {
        await readModel.query("update orders set quantity = 4, total_cost_cents = 58250, status = 'shipped' where order_id = 'o-1'");
        await readModel.query("update product_reservations set reserved = reserved - 1 where product_id = 'p-drill'");
      });
      const { code, stdout } = await runCli(['audit', 'orders', '--format', 'json'], env);
      expect(code).toBe(1);
      expect(parsed<AuditJson>(stdout).consistency.disagreements).toEqual([
        { what: 'order', id: 'o-1', field: 'quantity', log: '5', readModel: '4' },
        { what: 'order', id: 'o-1', field: 'total_cost_cents', log: '72725', readModel: '58250' },
        { what: 'order', id: 'o-1', field: 'status', log: 'pending', readModel: 'shipped' },
        { what: 'product', id: 'p-drill', field: 'reserved', log: '6', readModel: '5' },
      ]);
      const table = await runCli(['audit', 'orders'], env);
      expect(table.code).toBe(1);
      expect(table.stdout).toMatch(/DISAGREES with the log: 5 checked, 4 disagreements/);
      expect(table.stdout).toMatch(/order\s+o-1\s+quantity\s+5\s+4/);
    });

    /** The known history, then: o-1 paid and shipped, o-2 cancelled by its customer, the drill restocked and repriced, o-3 expired. */
    async function movedOn(readModel: SqlExecutor, log: EventLog): Promise<void> {
      const append = writerOf(log);
      const order = (orderId: string, productId: string, userId: string, quantity: number) => ({
        orderId,
        userId,
        lines: [{ productId, quantity }],
      });
      const at = (occurredAt: string) => ({ occurredAt });
      for (const event of [
        orderMoved({ orderId: 'o-1' }, 'OrderPaid', at('2026-11-20T11:00:00.000Z')),
        orderCancelled(order('o-2', 'p-vise', 'u-ada', 2), { reason: 'ordered twice' }, at('2026-11-20T16:00:00.000Z')),
        orderMoved({ orderId: 'o-1' }, 'OrderShipped', at('2026-11-21T08:00:00.000Z')),
        stockAdjusted('p-drill', 10, 'restock', at('2026-11-21T08:30:00.000Z')),
        productUpdated('p-drill', { priceCents: 119_00 }, at('2026-11-21T08:45:00.000Z')),
        orderCancelled(order('o-3', 'p-drill', 'u-bo', 1), { reason: EXPIRED_REASON, by: null }, at('2026-11-21T09:30:00.000Z')),
      ])
        await append(event);
      await new Projector({ log, store: await openTestReadModel(readModel) }).catchUp();
    }

    it('audits orders that moved on: statuses, payments, stock given back and restocked agree (exit 0); a wrong status or unreturned stock does not (exit 1)', async () => {
      const env = await shopWithHistory(movedOn);
      const { code, stdout } = await runCli(['audit', 'orders', '--format', 'json'], env);
      expect(code).toBe(0);
      const report = parsed<AuditJson>(stdout);
      expect(report.orders.map((o) => [o.orderId, o.status, o.payment])).toEqual([
        ['o-1', 'shipped', true],
        ['o-2', 'cancelled', false],
        ['o-3', 'cancelled', false],
      ]);
      // The cancelled orders sold nothing.
      expect(report.totals).toMatchObject({ orders: 1, quantity: 5, revenue: '727.25' });
      expect(report.stock).toEqual([
        { productId: 'p-drill', stock: 50, reserved: 5, remaining: 45 },
        { productId: 'p-vise', stock: 10, reserved: 0, remaining: 10 },
      ]);
      expect(report.consistency).toEqual({ checked: 5, disagreements: [] });

      const altered = await shopWithHistory(async (readModel, log) => {
        await movedOn(readModel, log);
        await readModel.query("update orders set status = 'paid' where order_id = 'o-1'");
        // As if o-2's cancellation had not given its 2 vises back.
        await readModel.query("update product_reservations set reserved = reserved + 2 where product_id = 'p-vise'");
      });
      const disagreeing = await runCli(['audit', 'orders', '--format', 'json'], altered);
      expect(disagreeing.code).toBe(1);
      expect(parsed<AuditJson>(disagreeing.stdout).consistency.disagreements).toEqual([
        { what: 'order', id: 'o-1', field: 'status', log: 'shipped', readModel: 'paid' },
        { what: 'product', id: 'p-vise', field: 'reserved', log: '0', readModel: '2' },
      ]);
    });

    it('audits orders of several lines, one at a ladder’s price, to the cent (exit 0 but for a line total altered in the log: exit 1)', async () => {
      const env = await shopWithHistory(async (readModel, log) => {
        const append = writerOf(log);
        const clamp = productAdded(
          {
            productId: 'p-clamp',
            name: 'F-Clamp',
            priceCents: 12_40,
            stock: 100,
            minOrder: 1,
            priceTiers: [{ minQuantity: 10, unitPriceCents: 10_90 }],
          },
          { occurredAt: '2026-11-22T08:00:00.000Z' },
        );
        const at = (occurredAt: string) => ({ occurredAt });
        // 10 clamps reach the ladder's 10.90: 109.00, + 89.50 = 198.50; + 5 % = 9.925, half up 9.93, + 50 = 258.43.
        const fromCart = orderPlacedOf(
          [orderLine(clamp.data, 10), orderLine(VISE, 1)],
          { orderId: 'o-4', userId: 'u-ada', cartVersion: 1 },
          at('2026-11-22T10:00:00.000Z'),
        );
        // 2 × 12.40 = 24.80, + 129.00 = 153.80; + 7.69 + 50 = 211.49; its first line's total then altered to 20.00.
        const altered = orderPlacedOf(
          [orderLine(clamp.data, 2), orderLine(DRILL, 1)],
          { orderId: 'o-5', userId: 'u-bo' },
          at('2026-11-22T11:00:00.000Z'),
        );
        altered.data.lines[0]!.lineTotalCents = 20_00;
        for (const event of [clamp, fromCart, altered]) await append(event);
        await new Projector({ log, store: await openTestReadModel(readModel) }).catchUp();
      });
      const { code, stdout } = await runCli(['audit', 'orders', '--from', '2026-11-22', '--format', 'json'], env);
      expect(code).toBe(1);
      const report = parsed<AuditJson & { orders: { lines: unknown[]; subtotal: string; totalCost: string }[]; sums: unknown }>(stdout);
      expect(report.orders[0]).toMatchObject({
        orderId: 'o-4',
        lines: [
          { productId: 'p-clamp', quantity: 10, unitPriceCents: 10_90, lineTotalCents: 109_00, unitPrice: '10.90', lineTotal: '109.00' },
          { productId: 'p-vise', quantity: 1, unitPriceCents: 89_50, lineTotalCents: 89_50, unitPrice: '89.50', lineTotal: '89.50' },
        ],
        quantity: 11,
        subtotal: '198.50',
        totalCost: '258.43',
        fromCart: true,
      });
      expect(report.sums).toEqual({
        checked: 2,
        wrong: [
          { orderId: 'o-5', field: 'lines[0].lineTotalCents', recorded: 20_00, computed: 24_80 },
          { orderId: 'o-5', field: 'subtotalCents', recorded: 153_80, computed: 149_00 },
        ],
      });
      expect(report.totals).toMatchObject({ orders: 2, quantity: 14, revenue: '469.92' });
      // Every line's stock, with the known history's orders: the read model holds the same.
      expect(report.stock).toEqual([
        { productId: 'p-clamp', stock: 100, reserved: 12, remaining: 88 },
        { productId: 'p-drill', stock: 40, reserved: 7, remaining: 33 },
        { productId: 'p-vise', stock: 10, reserved: 3, remaining: 7 },
      ]);
      expect(report.consistency.disagreements).toEqual([]);

      const table = await runCli(['audit', 'orders', '--from', '2026-11-22'], env);
      expect(table.code).toBe(1);
      expect(table.stdout).toMatch(
        /\nLines\nORDER\s+LINE\s+PRODUCT\s+QUANTITY\s+UNIT PRICE\s+LINE TOTAL\no-4\s+1\s+p-clamp\s+10\s+10\.90\s+109\.00\n/,
      );
      expect(table.stdout).toMatch(/The orders' sums DO NOT ADD UP: 2 checked, 2 sums wrong\.\n/);
      expect(table.stdout).toMatch(/o-5\s+lines\[0\]\.lineTotalCents\s+2000\s+2480\n/);
      expect(table.stdout).toMatch(/Read model consistent with the log/);

      const fine = await runCli(['audit', 'order', 'o-4'], env);
      expect(fine.code).toBe(0);
      expect(fine.stdout).toMatch(/The orders' sums add up: 1 checked, every line, subtotal and total to the cent\.\n/);

      const list = await runCli(['events', 'list', '--type', 'OrderPlaced', '--from', '2026-11-22'], env);
      expect(list.stdout).toMatch(/OrderPlaced\s+o-4\s+u-ada\s+10 × p-clamp, 1 × p-vise for u-ada from the cart\n/);
    });

    it('rebuilds and replays a log of orders that moved on: the same read model, nothing to repair, and an order’s row moved back is repaired', async () => {
      let before: ReadModelDump | undefined;
      const env = await shopWithHistory(async (readModel, log) => {
        await movedOn(readModel, log);
        before = await dumpReadModel(readModel);
      });
      const dryRun = await runCli(['replay', '--from', '2026-11-20', '--dry-run'], env);
      expect(dryRun).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^Dry run: 10 events in range, \d+ rows checked, 0 would change/),
      });
      expect((await runCli(['rebuild'], env)).code).toBe(0);
      expect(await withShop(env, dumpReadModel)).toEqual(before);

      await withShop(env, (sql) =>
        sql.query("update orders set status = 'pending', event_offsets = event_offsets[1:1] where order_id = 'o-1'"),
      );
      const replayed = await runCli(['replay', '--from', '2026-11-20', '--format', 'json'], env);
      expect(replayed.code).toBe(0);
      expect(parsed<{ changes: { key: string; column: string }[] }>(replayed.stdout).changes.map((c) => `${c.key} ${c.column}`)).toEqual([
        'o-1 status',
        'o-1 event_offsets',
      ]);
      expect(await withShop(env, dumpReadModel)).toEqual(before);
    });

    it('shows one order’s lifecycle from the log, and lists the new events with what they say', async () => {
      const env = await shopWithHistory(movedOn);
      const one = await runCli(['audit', 'order', 'o-2'], env);
      expect(one.code).toBe(0);
      expect(one.stdout).toMatch(/History of o-2\nPOSITION\s+TIME\s+TYPE\s+BY\s+STATUS\s+REASON\n/);
      expect(one.stdout).toMatch(/sales\.orders\/\d+\/\d+\s+2026-11-20T15:30:00.000Z\s+OrderPlaced\s+u-ada\s+pending\n/);
      expect(one.stdout).toMatch(
        /sales\.orders\/\d+\/\d+\s+2026-11-20T16:00:00.000Z\s+OrderCancelled\s+u-ada\s+cancelled\s+ordered twice\n/,
      );
      const expired = parsed<AuditJson>((await runCli(['audit', 'order', 'o-3', '--format', 'json'], env)).stdout);
      expect(expired.orders[0]?.events).toEqual([
        expect.objectContaining({ type: 'OrderPlaced', actor: 'u-bo', status: 'pending' }),
        expect.objectContaining({ type: 'OrderCancelled', actor: null, status: 'cancelled', reason: EXPIRED_REASON }),
      ]);

      const list = await runCli(['events', 'list', '--topic', 'catalog.products', '--format', 'json'], env);
      // On Kafka the products' streams may sit in different partitions: each stream's events in its order.
      const lines = parsed<{ type: string; stream: string; summary: string }[]>(list.stdout);
      const ofStream = (stream: string) => lines.filter((line) => line.stream === stream).map((line) => [line.type, line.summary]);
      expect(ofStream('p-drill')).toEqual([
        ['ProductAdded', '"Cordless Drill", stock 40'],
        ['StockAdjusted', 'stock +10 ("restock")'],
        ['ProductUpdated', 'changed priceCents'],
      ]);
      expect(ofStream('p-vise')).toEqual([['ProductAdded', '"Bench Vise", stock 10']]);
      const cancelled = await runCli(['events', 'list', '--type', 'OrderCancelled'], env);
      expect(cancelled.stdout).toMatch(
        /OrderCancelled\s+o-2\s+u-ada\s+cancelled by customer \("ordered twice"\): 2 × p-vise back in stock\n/,
      );
      expect(cancelled.stdout).toMatch(
        /OrderCancelled\s+o-3\s+\(system\)\s+cancelled by the shop \("expired"\): 1 × p-drill back in stock\n/,
      );
    });

    it('audits one order: its history from the log, its row and its product’s stock checked (exit 0, 1 when altered, 2 when unknown)', async () => {
      const env = await shopWithHistory();
      const { code, stdout } = await runCli(['audit', 'order', 'o-2', '--format', 'json'], env);
      expect(code).toBe(0);
      const report = parsed<AuditJson>(stdout);
      expect(report.orders.map((order) => order.orderId)).toEqual(['o-2']);
      expect(report.orders[0]?.events).toEqual([expect.objectContaining({ type: 'OrderPlaced' })]);
      // The order's row, and the stock of its product.
      expect(report.consistency).toEqual({ checked: 2, disagreements: [] });

      const unknown = await runCli(['audit', 'order', 'o-none'], env);
      expect(unknown).toMatchObject({ code: 2, stdout: '' });
      expect(unknown.stderr).toBe('toolforge: the log holds no order o-none\n');
    });

    it('reports one order’s row altered by hand with exit code 1', async () => {
      const env = await shopWithHistory(async (readModel) => {
        await readModel.query("update orders set status = 'delivered' where order_id = 'o-3'");
      });
      const { code, stdout } = await runCli(['audit', 'order', 'o-3', '--format', 'json'], env);
      expect(code).toBe(1);
      expect(parsed<AuditJson>(stdout).consistency.disagreements).toEqual([
        { what: 'order', id: 'o-3', field: 'status', log: 'pending', readModel: 'delivered' },
      ]);
    });

    it('tails the events from a time on, filtered by type, and ends when told to (exit 0)', async () => {
      const env = await shopWithHistory();
      const orders = (stdout: string) =>
        stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => parsed<{ stream: string; type: string }>(line));
      const { code, stdout } = await runCliUntil(
        ['events', 'tail', '--from', '2026-11-20T00:00:00Z', '--type', 'OrderPlaced', '--format', 'json', '--poll-ms', '20'],
        env,
        (printed) => orders(printed).length >= 3,
      );
      expect(code).toBe(0);
      expect(
        orders(stdout)
          .map((line) => `${line.type} ${line.stream}`)
          .sort(),
      ).toEqual(['OrderPlaced o-1', 'OrderPlaced o-2', 'OrderPlaced o-3']);
      expect((await runCli(['events', 'tail', '--poll-ms', '5'], env)).code).toBe(2);
    });

    it('lists the events of the log, filtered by type, topic and starting point', async () => {
      const env = await shopWithHistory();
      const all = await runCli(['events', 'list', '--format', 'json'], env);
      expect(all.code).toBe(0);
      const lines = JSON.parse(all.stdout) as { position: string; type: string; stream: string; actor: string | null; time: string }[];
      // Topic by topic; on Kafka the streams of a topic spread over its partitions.
      expect(lines.map((line) => `${line.type} ${line.stream}`).sort()).toEqual([
        'OrderPlaced o-1',
        'OrderPlaced o-2',
        'OrderPlaced o-3',
        'ProductAdded p-drill',
        'ProductAdded p-vise',
        'UserSignedIn u-ada',
      ]);
      expect(lines.map((line) => line.type.replace(/Placed|Added|SignedIn/, ''))).toEqual([
        'Product',
        'Product',
        'Order',
        'Order',
        'Order',
        'User',
      ]);
      const first = lines.find((line) => line.stream === 'o-1')!;
      expect(first).toMatchObject({ type: 'OrderPlaced', actor: 'u-ada', time: '2026-11-20T10:00:00.000Z' });
      expect(first.position).toMatch(/^sales\.orders\/\d+\/\d+$/);

      const orders = await runCli(['events', 'list', '--type', 'OrderPlaced', '--from', '2026-11-20T12:00:00Z', '--format', 'json'], env);
      expect(
        parsed<{ stream: string }[]>(orders.stdout)
          .map((line) => line.stream)
          .sort(),
      ).toEqual(['o-2', 'o-3']);
      // A position names one partition: the listing is that partition's, from that event on.
      const second = lines.find((line) => line.stream === 'o-2')!;
      const fromSecond = JSON.parse(
        (await runCli(['events', 'list', '--from', second.position, '--format', 'json'], env)).stdout,
      ) as typeof lines;
      const partition = second.position.replace(/\/\d+$/, '/');
      expect(fromSecond[0]).toEqual(second);
      expect(fromSecond.every((line) => line.position.startsWith(partition))).toBe(true);
      expect(lines.filter((line) => line.position.startsWith(partition) && line.time >= second.time)).toEqual(fromSecond);

      const products = await runCli(['events', 'list', '--topic', 'catalog.products'], env);
      expect(products.stdout.split('\n')[0]).toMatch(/^POSITION\s+TIME\s+TYPE\s+STREAM\s+ACTOR\s+SUMMARY$/);
      expect(
        products.stdout
          .trimEnd()
          .split('\n')
          .slice(1)
          .map((line) => line.split(/\s+/)[3])
          .sort(),
      ).toEqual(['p-drill', 'p-vise']);
    });

    it('shows each projection checkpoint against the log’s end and the log the read model is bound to', async () => {
      const env = await shopWithHistory(async (_readModel, log) => {
        // Two orders the projector has not applied yet.
        const append = logWriter(log);
        // Placed a minute ago: the status says how long the oldest has waited.
        const occurredAt = new Date(Date.now() - 60_000).toISOString();
        for (const orderId of ['o-late-1', 'o-late-2'])
          await append(orderPlaced(DRILL, { orderId, userId: 'u-ada', quantity: 1 }, { occurredAt }));
      });
      const { code, stdout } = await runCli(['status', '--format', 'json'], env);
      expect(code).toBe(0);
      const status = parsed<StatusJson>(stdout);
      expect(status).toMatchObject({ boundToThisLog: true, deadLetters: 0 });
      const partitions = status.partitions;
      const lagOf = (topic: string) =>
        partitions.filter((partition) => partition.topic === topic).reduce((sum, partition) => sum + partition.lag, 0);
      expect([lagOf('catalog.products'), lagOf('sales.orders'), lagOf('identity.users')]).toEqual([0, 2, 0]);
      expect(partitions.some((partition) => partition.topic === 'sales.orders' && partition.checkpoint > 0)).toBe(true);
      expect(partitions.every((partition) => partition.logEnd >= partition.checkpoint)).toBe(true);
      for (const { lag, lagSeconds } of partitions) {
        if (lag === 0) expect(lagSeconds).toBe(0);
        else expect(lagSeconds).toBeGreaterThanOrEqual(59);
        expect(lagSeconds).toBeLessThan(600);
      }
      // The key the writer signs its anchors with, as `audit verify --public-key` takes it.
      const signingKeyFile = join(tmpdir(), `toolforge-status-key-${crypto.randomUUID()}.pem`);
      const auditKey = publicKeyText(await signingKeyIn(signingKeyFile));
      const table = await runCli(['status'], { ...env, AUDIT_SIGNING_KEY: signingKeyFile });
      expect(table.stdout).toMatch(/^Log: .*\nLog id: .*\nRead model: .*\nBound to: .* \(this log\)\nDead letters: 0\n/);
      expect(table.stdout).toContain(`\nAudit key:    ${auditKey}\n`);
      expect(table.stdout).toMatch(/TOPIC\s+PARTITION\s+CHECKPOINT\s+LOG END\s+LAG\s+LAG \(S\)\n/);
      const json = await runCli(['status', '--format', 'json'], { ...env, AUDIT_SIGNING_KEY: signingKeyFile });
      expect(parsed<{ auditKey: string }>(json.stdout).auditKey).toBe(auditKey);
      await rm(signingKeyFile);
    });

    it('rebuilds an altered read model from the log and switches to it: the audit exits 1 before and 0 after', async () => {
      let before: ReadModelDump | undefined;
      const env = await shopWithHistory(async (readModel) => {
        before = await dumpReadModel(readModel);
        await readModel.query("update orders set quantity = 4 where order_id = 'o-1'");
        await readModel.query("delete from users where uid = 'u-ada'");
      });
      expect((await runCli(['audit', 'orders'], env)).code).toBe(1);

      const { code, stdout, stderr } = await runCli(['rebuild'], env);
      expect({ code, stdout }).toEqual({
        code: 0,
        stdout: expect.stringMatching(
          /^Rebuilt the read model from 6 events in [\d.]+ s \(\d+ events\/s\), switched readers to it \(\d+ tables\) and dropped the old version\.\n$/,
        ),
      });
      // Not a terminal: plain progress lines, the last at 100 %.
      expect(stderr).toMatch(/rebuild: (\d+)\/\1 positions \(100%\), 6 events, \d+ events\/s\n$/);
      expect((await runCli(['audit', 'orders'], env)).code).toBe(0);
      expect(await withShop(env, async (sql) => [await dumpReadModel(sql), await schemasLeft(sql)])).toEqual([before, []]);
      // The planner's statistics of the new tables were gathered before the switch (six events: no schedule would have).
      const statistics = await withShop(env, (sql) =>
        sql.query<{ columns: unknown }>(
          "select count(*) as columns from pg_stats where schemaname = current_schema() and tablename = 'orders'",
        ),
      );
      expect(Number(statistics.rows[0]!.columns)).toBeGreaterThan(0);
    });

    it('cancels a rebuild on Ctrl-C with exit code 130, the read model in use as it was, and rebuilds when run again', async () => {
      const env = await shopWithHistory(async (readModel) => {
        await readModel.query("update orders set quantity = 4 where order_id = 'o-1'");
      });
      const quantityOfTheFirstOrder = async (sql: SqlExecutor) =>
        Number((await sql.query<{ quantity: unknown }>("select quantity from orders where order_id = 'o-1'")).rows[0]?.quantity);
      const canceled = await runCliUntil(['rebuild'], env, () => true);
      expect({ code: canceled.code, stdout: canceled.stdout }).toEqual({ code: 130, stdout: '' });
      expect(canceled.stderr).toMatch(/rebuild canceled: the read model in use is as it was; run the rebuild again to start over\n$/);
      expect(await withShop(env, async (sql) => [await schemasLeft(sql), await quantityOfTheFirstOrder(sql)])).toEqual([[], 4]);

      expect((await runCli(['rebuild', '--projection', 'read-model'], env)).code).toBe(0);
      expect(await withShop(env, quantityOfTheFirstOrder)).toBe(5);
      const unknown = await runCli(['rebuild', '--projection', 'orders'], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/Allowed choices are read-model/);
    });

    it('replays a range: --dry-run lists the rows it would repair (exit 1) and changes nothing; without it, repairs only those', async () => {
      let outside: unknown;
      const env = await shopWithHistory(async (readModel) => {
        // In the range (orders placed from 2026-11-20 on): o-1's row and the stock it reserved.
        await readModel.query("update orders set quantity = 4 where order_id = 'o-1'");
        await readModel.query("update product_reservations set reserved = reserved - 1 where product_id = 'p-drill'");
        // Outside it: the vise was added on 2026-11-19; no check of the audit's looks at its description.
        await readModel.query("update products set description = 'altered by hand' where product_id = 'p-vise'");
        outside = (await dumpReadModel(readModel)).products;
      });
      const dryRun = await runCli(['replay', '--projection', 'read-model', '--from', '2026-11-20', '--dry-run', '--format', 'json'], env);
      expect({ code: dryRun.code, stderr: dryRun.stderr }).toEqual({ code: 1, stderr: '' });
      expect(parsed<{ changes: unknown[] }>(dryRun.stdout)).toMatchObject({
        dryRun: true,
        repaired: false,
        // The three orders, and u-ada's sign-in (at the time the test runs).
        events: 4,
        changedRows: 2,
        changes: [
          { what: 'orders', key: 'o-1', column: 'quantity', serving: '4', replayed: '5' },
          { what: 'product_reservations', key: 'p-drill', column: 'reserved', serving: '5', replayed: '6' },
        ],
      });
      const table = await runCli(['replay', '--from', '2026-11-20', '--dry-run'], env);
      expect(table.code).toBe(1);
      expect(table.stdout).toMatch(/^WHAT\s+KEY\s+COLUMN\s+SERVING\s+REPLAYED\norders\s+o-1\s+quantity\s+4\s+5\n/);
      expect(table.stdout).toMatch(/Dry run: 4 events in range, \d+ rows checked, 2 would change; nothing was changed\.\n$/);
      expect((await runCli(['audit', 'orders'], env)).code).toBe(1);
      // Ctrl-C before the comparison: exit 130, nothing compared or changed (the replay below still finds both rows), no schema left.
      const canceled = await runCliUntil(['replay', '--from', '2026-11-20'], env, () => true);
      expect({ code: canceled.code, stdout: canceled.stdout }).toEqual({ code: 130, stdout: '' });
      expect(canceled.stderr).toMatch(/replay canceled: nothing was compared or changed; run it again to start over\n$/);
      expect(await withShop(env, schemasLeft)).toEqual([]);

      const replayed = await runCli(['replay', '--from', '2026-11-20'], env);
      expect({ code: replayed.code, stderr: replayed.stderr }).toEqual({ code: 0, stderr: '' });
      expect(replayed.stdout).toMatch(/Replayed: 4 events in range, \d+ rows checked, 2 repaired; every other row is as it was\.\n$/);
      expect((await runCli(['audit', 'orders'], env)).code).toBe(0);
      expect(await withShop(env, async (sql) => [(await dumpReadModel(sql)).products, await schemasLeft(sql)])).toEqual([outside, []]);
      const again = await runCli(['replay', '--from', '2026-11-20', '--dry-run'], env);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/^Dry run: 4 events in range, \d+ rows checked, 0 would change; nothing was changed\.\n$/);
    });

    it('replays up to --to: rows of later events are not touched', async () => {
      const env = await shopWithHistory(async (readModel) => {
        await readModel.query("update orders set quantity = 4 where order_id in ('o-1', 'o-3')");
      });
      const { code, stdout } = await runCli(['replay', '--from', '2026-11-20', '--to', '2026-11-20T23:59:59Z', '--format', 'json'], env);
      expect(code).toBe(0);
      expect(parsed<{ changes: unknown[] }>(stdout)).toMatchObject({
        repaired: true,
        events: 2,
        changes: [{ what: 'orders', key: 'o-1', column: 'quantity', serving: '4', replayed: '5' }],
      });
      const audit = await runCli(['audit', 'orders', '--format', 'json'], env);
      expect(parsed<AuditJson>(audit.stdout).consistency.disagreements).toEqual([
        { what: 'order', id: 'o-3', field: 'quantity', log: '1', readModel: '4' },
      ]);
    });

    it('replays the rows only as far as the read model stands: an event the projector has yet to apply is not counted twice', async () => {
      const env = await shopWithHistory(async (readModel, log) => {
        // Two more drills ordered, not projected yet (a lagging projector), and the drill's reservations damaged.
        await logWriter(log)(
          orderPlaced(DRILL, { orderId: 'o-late', userId: 'u-ada', quantity: 2 }, { occurredAt: '2026-11-22T00:00:00Z' }),
        );
        await readModel.query("update product_reservations set reserved = 0 where product_id = 'p-drill'");
      });
      const { code, stdout } = await runCli(['replay', '--from', '2026-11-20', '--format', 'json'], env);
      expect(code).toBe(0);
      // 6, as the projected orders say; with o-late's 2 the projector would count them again below.
      expect(parsed<{ changes: unknown[] }>(stdout).changes).toEqual([
        { what: 'product_reservations', key: 'p-drill', column: 'reserved', serving: '0', replayed: '6' },
      ]);
      const shop = await connectToShop(readConfig(env), { readModel: true });
      try {
        await new Projector({ log: shop.log, store: await openTestReadModel(shop.readModel!) }).catchUp();
      } finally {
        await shop.close();
      }
      expect((await runCli(['audit', 'orders'], env)).code).toBe(0);
    });

    it('leaves the audit’s totals as they were, to the cent, after an erasure; the chain holds, and a rebuilt read model holds nothing of the customer', async () => {
      const ada = { uid: 'u-ada', email: 'ada.lovelace@engine.test', name: 'Ada Lovelace', address: '12 Engine Row, London' };
      const erasedAt = '2026-11-23T09:00:00.000Z';
      /** A shop whose events are sealed as the command service seals them, erased or not. */
      const sealedShop = async (erase: boolean) => {
        const shop = await openShop();
        closers.push(() => shop.close());
        const { vault, keys } = await openVault(shop.readModel, readConfig(shop.env).privacy);
        const log = sealedLog(shop.log, vault);
        const append = logWriter(log);
        const drill = productAdded(DRILL, { occurredAt: '2026-11-19T08:00:00.000Z' });
        const adas = orderPlaced(
          drill.data,
          { orderId: 'o-1', userId: ada.uid, userName: ada.name, shippingAddress: ada.address, quantity: 5 },
          { occurredAt: '2026-11-20T10:00:00.000Z' },
        );
        for (const event of [
          userSignedIn({ uid: ada.uid, email: ada.email, name: ada.name }),
          userSignedIn({ uid: 'u-bo', email: 'bo@example.test', name: 'Bo Stone' }),
          drill,
          adas,
          orderPlaced(
            drill.data,
            { orderId: 'o-2', userId: ada.uid, userName: ada.name, shippingAddress: ada.address, quantity: 2 },
            { occurredAt: '2026-11-20T11:00:00.000Z' },
          ),
          orderCancelled(adas.data, { reason: `Sent to ${ada.address} by mistake` }, { occurredAt: '2026-11-21T08:00:00.000Z' }),
          orderPlaced(
            drill.data,
            { orderId: 'o-3', userId: 'u-bo', userName: 'Bo Stone', shippingAddress: '3 Anvil Road', quantity: 1 },
            { occurredAt: '2026-11-21T09:00:00.000Z' },
          ),
        ]) {
          await append(event);
        }
        if (erase) {
          await keys.forget(ada.uid, null);
          await append({
            type: 'CustomerForgotten',
            data: { uid: ada.uid, by: 'customer' },
            meta: userSignedIn({ uid: ada.uid }, { occurredAt: erasedAt }).meta,
          });
        }
        await new Projector({ log, store: await openTestReadModel(shop.readModel) }).catchUp();
        await shop.release();
        return shop.env;
      };
      const audit = async (env: NodeJS.ProcessEnv) => {
        const { code, stdout, stderr } = await runCli(['audit', 'orders', '--format', 'json'], env);
        expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
        const report = parsed<AuditJson>(stdout);
        return {
          totals: report.totals,
          stock: report.stock,
          orders: report.orders.map(({ orderId, status, payment }) => ({ orderId, status, payment })),
        };
      };

      const before = await audit(await sealedShop(false));
      const erased = await sealedShop(true);
      expect(await audit(erased)).toEqual(before);
      expect(before.totals).toMatchObject({ orders: 3, revenue: '608.70', byUser: { 'u-ada': { orders: 2 }, 'u-bo': { orders: 1 } } });

      // The chain covers the sealed values: the erasure changed nothing the writer hashed.
      const verified = await runCli(['audit', 'verify', '--format', 'json'], erased);
      expect(verified.stderr).toBe('');
      expect(parsed<{ problems: unknown[] }>(verified.stdout).problems).toEqual([]);

      // The log as stored never held the customer in clear, and a read model built from it holds nothing of them either.
      expect((await runCli(['rebuild'], erased)).code).toBe(0);
      const rebuilt = JSON.stringify(await withShop(erased, dumpReadModel));
      for (const clear of [ada.email, ada.name, 'Engine Row']) expect(rebuilt).not.toContain(clear);
      expect(rebuilt).toContain('Bo Stone');
      expect(rebuilt).toContain('3 Anvil Road');
      const listed = await runCli(['events', 'list', '--format', 'json'], erased);
      for (const clear of [ada.email, ada.name, 'Engine Row']) expect(listed.stdout).not.toContain(clear);
    });

    it('refuses bad arguments with the usage on stderr and exit code 2', async () => {
      const env = await shopWithHistory();
      for (const argv of [
        ['audit', 'orders', '--from', 'yesterday'],
        ['audit', 'orders', '--format', 'xml'],
        ['events', 'list', '--type', 'OrderTeleported'],
        ['events', 'list', '--from', 'nowhere/0/1'],
        ['audit', 'everything'],
        ['audit', 'payments', '--to', 'tomorrow'],
        ['replay', '--dry-run'],
        ['replay', '--from', 'yesterday'],
        ['replay', '--from', '2026-11-20', '--projection', 'orders'],
        ['replay', '--from', '2026-11-21', '--to', '2026-11-20'],
        ['replay', '--from', 'sales.orders/0/2', '--to', 'sales.orders/0/1'],
      ]) {
        const { code, stdout, stderr } = await runCli(argv, env);
        expect({ argv, code, stdout }).toEqual({ argv, code: 2, stdout: '' });
        expect(stderr).toMatch(/^error: .*\n[\s\S]*Usage: toolforge/);
        expect(stderr).not.toMatch(/\n\s+at /);
      }
      expect((await runCli(['replay', '--from', '2026-11-21', '--to', '2026-11-20'], env)).stderr).toMatch(
        /^error: --to is before --from\n/,
      );
    });
  });
}
