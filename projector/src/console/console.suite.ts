import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEAD_LETTER_PATHS,
  LOG_END_CURSOR,
  OPERATOR_PATHS,
  consoleMessages,
  formatPosition,
  orderAuditPath,
  type DeadLettersDto,
  type EventsPageDto,
  type OrderAuditDto,
  type ProjectionsDto,
  type VerifyReportDto,
} from '@toolforge/contracts';
import { orderMoved, orderPlaced, productAdded, stockAdjusted, userSignedIn } from '@toolforge/contracts/testing';
import type { EventLog, LogEndSource } from '@toolforge/platform';
import { ANCHOR_DEFAULTS, startAnchoring, type AnchoredLog } from '@toolforge/platform/anchors';
import type { IdentifiedLog, SqlExecutor } from '@toolforge/platform/sql';
import { logWriter, sendTo } from '@toolforge/platform/testing';
import { Projector } from '../projector.js';
import { openProjectorStore } from '../projectorStore.js';
import { consoleApp, type ConsoleApp } from '../test/consoleApp.js';
import type { InjectEvent } from '../test/injectedEvents.js';
import { DRY_RUN_ROUTE } from './deadLetters/dryRun.js';

export interface ConsoleAdapters {
  openLog(): Promise<{ log: EventLog & LogEndSource & IdentifiedLog & AnchoredLog; inject: InjectEvent; close: () => Promise<void> }>;
  openSql(): Promise<{ sql: SqlExecutor; close: () => Promise<void> }>;
}

const quiet = { info: () => undefined, error: (message: string) => console.error(message) };

/** The operator console's routes on a log and read model the test fills and projects: embedded here, Kafka and PostgreSQL in services mode. */
export function describeOperatorConsole(adapters: string, open: ConsoleAdapters): void {
  describe(`the operator console on ${adapters}`, { timeout: 120_000 }, () => {
    const closers: (() => Promise<unknown>)[] = [];
    let consoleApi: ConsoleApp;
    let projector: Projector;
    let sql: SqlExecutor;
    let log: Awaited<ReturnType<ConsoleAdapters['openLog']>>;
    let anchorsDir: string;
    /** The anchors and key the console checks the log with; none until the test signs some. */
    const verify = { anchors: { ...ANCHOR_DEFAULTS, dir: '', signingKeyFile: '' }, publicKey: undefined as string | undefined };
    let write: ReturnType<typeof logWriter>;

    const admin = () => consoleApi.admin();
    const customer = () => consoleApi.customer();
    /** A GET as an admin, or with the token given (null: none). */
    const get = (url: string, token: string | null = admin()) => sendTo(consoleApi.app, { method: 'GET', url, token: token ?? undefined });

    const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50, stock: 10, minOrder: 1 });
    const order = orderPlaced(vise.data, { orderId: 'o-1', userId: 'u-ada', quantity: 2 });

    beforeAll(async () => {
      anchorsDir = await mkdtemp(join(tmpdir(), 'toolforge-console-'));
      closers.push(() => rm(anchorsDir, { recursive: true, force: true }));
      log = await open.openLog();
      closers.push(log.close);
      const database = await open.openSql();
      closers.push(database.close);
      sql = database.sql;
      const store = await openProjectorStore(sql);
      projector = new Projector({ log: log.log, store });
      closers.push(() => projector.stop());
      write = logWriter(log.log);
      consoleApi = await consoleApp(
        { log: log.log, logDescription: 'the test log', readModel: sql, readModelDescription: 'the test read model' },
        { deadLetters: store, verify },
      );
      closers.push(() => consoleApi.close());
    });
    afterAll(async () => {
      while (closers.length > 0) await closers.pop()!();
    });

    it('answers no one without a token (401), no customer (403) on any route, and an admin (200)', async () => {
      await write(vise);
      await write(order);
      await projector.catchUp();
      const routes = consoleApi.app
        .printRoutes({ commonPrefix: false })
        .split('\n')
        .map((line) => /(\/operator\S*)/.exec(line)?.[1])
        .filter((path): path is string => path !== undefined);
      // Every route the plugin serves, the order audit's with an order of the log; the dead letters' dry run (printed
      // under the list's path, as its child) with a letter the read model lacks.
      const noLetter = DEAD_LETTER_PATHS.dryRun({ topic: 'catalog.products', partition: 0, offset: 0 }, 'skip');
      expect(consoleApi.app.hasRoute({ method: 'GET', url: DRY_RUN_ROUTE })).toBe(true);
      const urls = [...[...new Set(routes)].map((path) => path.replace(':id', 'o-1')), noLetter];
      expect(urls.sort()).toEqual(
        [
          OPERATOR_PATHS.projections,
          OPERATOR_PATHS.deadLetters,
          noLetter,
          OPERATOR_PATHS.events,
          orderAuditPath('o-1'),
          OPERATOR_PATHS.verify,
        ].sort(),
      );
      for (const url of urls) {
        expect((await get(url, null)).statusCode, url).toBe(401);
        expect((await get(url, customer())).statusCode, url).toBe(403);
        // The verification answers 409 until the shop has a key, the dry run 404 for no letter: the admin got past the role check.
        expect(url === noLetter ? [404] : [200, 409], url).toContain((await get(url)).statusCode);
      }
    });

    it('shows each partition’s lag, then none once projected', async () => {
      await projector.catchUp();
      const restock = await write(stockAdjusted('p-vise', 5, 'delivery'));
      await write(stockAdjusted('p-vise', -1, 'damaged'));
      const behind = (await get(OPERATOR_PATHS.projections)).json<ProjectionsDto>();
      const products = behind.partitions.find(
        (p) => p.topic === restock.stored[0]!.position.topic && p.partition === restock.stored[0]!.position.partition,
      )!;
      // Two events still to project; the checkpoint is before the first (Kafka's transaction markers take offsets too).
      expect(products.lag).toBe(2);
      expect(products.checkpoint).toBeLessThanOrEqual(restock.stored[0]!.position.offset);
      expect(products.logEnd).toBeGreaterThan(restock.stored[0]!.position.offset + 1);
      expect(products.lagSeconds).toBeGreaterThanOrEqual(0);
      expect(behind).toMatchObject({ log: 'the test log', boundToThisLog: true, deadLetters: 0 });

      await projector.catchUp();
      const caughtUp = (await get(OPERATOR_PATHS.projections)).json<ProjectionsDto>();
      for (const partition of caughtUp.partitions) {
        expect(partition).toMatchObject({ lag: 0, lagSeconds: 0 });
        expect(partition.checkpoint).toBeLessThanOrEqual(partition.logEnd);
      }
    });

    it('pages through the events with a cursor, filters them, and follows new ones from the log’s end', async () => {
      const first = (await get(`${OPERATOR_PATHS.events}?topic=catalog.products&limit=2`)).json<EventsPageDto>();
      expect(first.events.map((event) => event.type)).toEqual(['ProductAdded', 'StockAdjusted']);
      expect(first.events[0]).toMatchObject({ stream: 'p-vise', summary: expect.stringContaining('"Bench Vise", stock 10') });
      const second = (await get(`${OPERATOR_PATHS.events}?topic=catalog.products&limit=2&after=${first.cursor}`)).json<EventsPageDto>();
      expect(second.events.map((event) => event.summary)).toEqual(['stock -1 ("damaged")']);

      const orders = (await get(`${OPERATOR_PATHS.events}?type=OrderPlaced&stream=o-1`)).json<EventsPageDto>();
      expect(orders.events.map((event) => [event.type, event.stream])).toEqual([['OrderPlaced', 'o-1']]);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect((await get(`${OPERATOR_PATHS.events}?from=${future}`)).json<EventsPageDto>().events).toEqual([]);

      const end = (await get(`${OPERATOR_PATHS.events}?after=${LOG_END_CURSOR}`)).json<EventsPageDto>();
      expect(end.events).toEqual([]);
      expect((await get(`${OPERATOR_PATHS.events}?after=${end.cursor}`)).json<EventsPageDto>().events).toEqual([]);
      const paid = await write(orderMoved(order.data, 'OrderPaid'));
      const followed = (await get(`${OPERATOR_PATHS.events}?after=${end.cursor}`)).json<EventsPageDto>();
      expect(followed.events).toEqual([
        expect.objectContaining({ type: 'OrderPaid', stream: 'o-1', position: formatPosition(paid.stored[0]!.position) }),
      ]);
      expect((await get(`${OPERATOR_PATHS.events}?after=${followed.cursor}`)).json<EventsPageDto>().events).toEqual([]);
    });

    it('refuses a bad query with 400 and says why', async () => {
      const refusals: [query: string, message: string][] = [
        ['topic=sales.nothing', consoleMessages.topic],
        ['type=order-placed', consoleMessages.type],
        ['stream=%20', consoleMessages.stream],
        ['from=yesterday', consoleMessages.time],
        ['from=2026-04-07T00:00:00Z&to=2026-04-06T00:00:00Z', consoleMessages.timeOrder],
        ['after=sales.orders/0', consoleMessages.after],
        ['after=nowhere.topic/0/1', consoleMessages.after],
        ['limit=0', consoleMessages.limit],
        ['limit=201', consoleMessages.limit],
        ['size=2', ''],
      ];
      for (const [query, message] of refusals) {
        const response = await get(`${OPERATOR_PATHS.events}?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json<{ message: string }>().message, query).toContain(message);
      }
      expect((await get(orderAuditPath(' '))).statusCode).toBe(400);
    });

    it('audits an order: its history from the log, and its row checked against it', async () => {
      await projector.catchUp();
      const audit = (await get(orderAuditPath('o-1'))).json<OrderAuditDto>();
      expect(audit).toMatchObject({ orderId: 'o-1', userId: 'u-ada', status: 'paid', wrongSums: [], disagreements: [] });
      expect(audit.history.map((line) => [line.type, line.status])).toEqual([
        ['OrderPlaced', 'pending'],
        ['OrderPaid', 'paid'],
      ]);
      expect(audit.checked).toBe(2); // The order's row, and its product's.

      // A read model that drifted from the log: the audit names the field.
      await sql.query(`update orders set status = 'shipped' where order_id = 'o-1'`);
      const drifted = (await get(orderAuditPath('o-1'))).json<OrderAuditDto>();
      expect(drifted.disagreements).toEqual([{ what: 'order', id: 'o-1', field: 'status', log: 'paid', readModel: 'shipped' }]);
      await sql.query(`update orders set status = 'paid' where order_id = 'o-1'`);

      const missing = await get(orderAuditPath('o-none'));
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toBe(consoleMessages.orderNotInLog);
    });

    it('lists the dead letters with their errors and events', async () => {
      expect((await get(OPERATOR_PATHS.deadLetters)).json<DeadLettersDto>()).toEqual({ total: 0, deadLetters: [] });
      const uid = `u-${crypto.randomUUID()}`;
      await log.inject('identity.users', uid, 1, { type: 'UserRenamed', data: { uid, name: 'Bo' }, meta: userSignedIn({ uid }).meta });
      await projector.catchUp();
      const listed = (await get(OPERATOR_PATHS.deadLetters)).json<DeadLettersDto>();
      expect(listed.total).toBe(1);
      expect(listed.deadLetters).toEqual([
        {
          position: expect.stringMatching(/^identity\.users\/\d+\/\d+$/),
          type: 'UserRenamed',
          error: 'unknown event type "UserRenamed"',
          deadAt: expect.any(String),
          event: expect.objectContaining({ type: 'UserRenamed', data: { uid, name: 'Bo' } }),
        },
      ]);
      expect((await get(OPERATOR_PATHS.projections)).json<ProjectionsDto>().deadLetters).toBe(1);
    });

    it('verifies the log against its anchors, or says it has no key to', async () => {
      verify.anchors = { ...verify.anchors, dir: join(anchorsDir, 'anchors'), signingKeyFile: join(anchorsDir, 'key.pem') };
      const none = await get(OPERATOR_PATHS.verify);
      expect(none.statusCode).toBe(409);
      expect(none.json<{ message: string }>().message).toBe(consoleMessages.verifyKey);

      const anchoring = await startAnchoring(log.log, verify.anchors, quiet);
      await anchoring.genesis;
      await write(stockAdjusted('p-vise', 2, 'delivery'));
      await anchoring.close();
      const report = (await get(OPERATOR_PATHS.verify)).json<VerifyReportDto>();
      expect(report.problems).toEqual([]);
      expect(report.publicKey).toBe(anchoring.publicKey);
      expect(report.anchorsOfThisLog).toBeGreaterThan(0);
      // Every event of the log, the dead letter's too: the chain covers what was written.
      const logged = (await get(`${OPERATOR_PATHS.events}?limit=200`)).json<EventsPageDto>().events.length;
      expect(report.events).toBe(logged);
    });
  });
}
