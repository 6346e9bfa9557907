import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  FORMER_CUSTOMER,
  TOPICS,
  type CustomerForgotten,
  type InvoiceIssued,
  type OrderPlaced,
  type ShopEvent,
} from '@toolforge/contracts';
import {
  invoiceIssued,
  orderCancelled,
  orderPaidByCard,
  orderPlaced,
  productAdded,
  reviewPosted,
  userSignedIn,
  userSignedOut,
  writtenInVersion1,
} from '@toolforge/contracts/testing';
import type { EventLog, StoredEvent } from '@toolforge/platform';
import { PgliteEventLog, lockDataDir, openEmbeddedPostgres, type PGlite } from '@toolforge/platform/pglite';
import { invoicesKeptUntil, openVault, sealedLog } from '@toolforge/platform/privacy';
import { pgliteSql } from '@toolforge/platform/sql';
import { logWriter, readEvents } from '@toolforge/platform/testing';
import { bulkFirstBuild } from '../../bulkFirstBuild.js';
import { openProjectorStore } from '../../projectorStore.js';
import { run } from '../program.js';
import type { ResealReport } from './resealReport.js';

/** What a customer wrote or is called, in clear in the old log: none of it may be in clear in the new one. */
const ADA = { uid: 'uid-ada', name: 'Ada Lovelace', email: 'ada.lovelace@example.org', address: '12 Analytical Lane, London' };
const BOB = { uid: 'uid-bob', name: 'Bob Forgotten', email: 'bob.forgotten@example.org', address: '9 Erased Road, Leeds' };
const IN_CLEAR = [ADA.name, ADA.email, ADA.address, BOB.name, BOB.email, BOB.address, 'hammer is grand', 'moved away'];

const hammer = { productId: 'p-hammer', name: 'Claw Hammer', priceCents: 15_00 };

async function cli(argv: string[], env: NodeJS.ProcessEnv) {
  let stdout = '';
  let stderr = '';
  const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) };
  const code = await run(argv, io, env);
  return { code, stdout, stderr };
}

/** Opens one embedded database of a data dir the tool is not running on, and closes it after `work`. */
async function withDatabase<T>(dataDir: string, database: 'log' | 'readModel', work: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await openEmbeddedPostgres(dataDir, database);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Every event of a data dir's log, as written, or opened through that data dir's own key store. */
async function eventsOf(dataDir: string, how: 'as written' | 'revealed'): Promise<StoredEvent[]> {
  return withDatabase(dataDir, 'log', async (logDb) => {
    const log = await PgliteEventLog.open(logDb);
    if (how === 'as written') return readEvents(log, { asWritten: true });
    return withDatabase(dataDir, 'readModel', async (readModelDb) => {
      const { vault } = await openVault(pgliteSql(readModelDb), { masterKeyFile: join(dataDir, 'privacy-master-key') }, { readOnly: true });
      return readEvents(sealedLog(log, vault));
    });
  });
}

/**
 * `toolforge privacy reseal` on a data dir as a shop that ran before sealing leaves it: its log holds
 * names, e-mails, addresses and customers' words in clear (an order from schema version 1 among
 * them), then a few events sealed by this version, and Bob erased since (his key destroyed in the
 * shop's key store, his values still in clear in the log).
 */
describe('toolforge privacy reseal on the embedded shop', { timeout: 240_000 }, () => {
  let root: string;
  let oldDir: string;
  let newDir: string;
  let report: ResealReport;
  let code: number;
  let old: StoredEvent[];
  const orderOfAda = orderPlaced(hammer, { userId: ADA.uid, userName: ADA.name, shippingAddress: ADA.address, quantity: 2 });
  const orderOfBob = orderPlaced(hammer, { userId: BOB.uid, userName: BOB.name, shippingAddress: BOB.address, quantity: 1 });
  const cancelledOfBob = orderPlaced(hammer, { userId: BOB.uid, userName: BOB.name, shippingAddress: BOB.address, quantity: 4 });
  const sealedOfAda = orderPlaced(hammer, { userId: ADA.uid, userName: ADA.name, shippingAddress: ADA.address, quantity: 3 });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'toolforge-reseal-'));
    oldDir = join(root, 'old');
    newDir = join(root, 'new');
    await withDatabase(oldDir, 'log', (logDb) =>
      withDatabase(oldDir, 'readModel', async (readModelDb) => {
        const log = await PgliteEventLog.open(logDb);
        const { vault, keys } = await openVault(pgliteSql(readModelDb), { masterKeyFile: join(oldDir, 'privacy-master-key') });
        let through: EventLog = log;
        const append = logWriter({ append: (request) => through.append(request) } as EventLog);
        // Before this version: everything in clear.
        await append(productAdded({ ...hammer, stock: 50 }));
        await append(userSignedIn({ uid: ADA.uid, name: ADA.name, email: ADA.email }));
        await append(userSignedIn({ uid: BOB.uid, name: BOB.name, email: BOB.email }));
        await append(writtenInVersion1(orderOfAda));
        await append(orderPaidByCard(orderOfAda.data));
        await append(invoiceIssued(orderOfAda.data));
        await append(orderOfBob);
        await append(orderPaidByCard(orderOfBob.data));
        await append(invoiceIssued(orderOfBob.data, { sequence: 2 }));
        await append(cancelledOfBob);
        await append(orderCancelled(cancelledOfBob.data, { reason: 'Bob moved away' }));
        await append(reviewPosted(hammer, { userId: ADA.uid, userName: ADA.name, text: 'The hammer is grand' }));
        // This version: sealed by the writer; then Bob erased.
        through = sealedLog(log, vault);
        await append(sealedOfAda);
        await keys.forget(BOB.uid, invoicesKeptUntil(new Date(), 10));
        await append({
          type: 'CustomerForgotten',
          data: { uid: BOB.uid, by: 'operator' },
          meta: userSignedOut(BOB.uid).meta,
        } satisfies CustomerForgotten);
      }),
    );
    old = await eventsOf(oldDir, 'revealed');
    const result = await cli(['privacy', 'reseal', '--to-data-dir', newDir, '--format', 'json'], { DATA_DIR: oldDir });
    code = result.code;
    expect(result.stderr).not.toMatch(/failed/);
    report = JSON.parse(result.stdout) as ResealReport;
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('passes every check (exit 0): the chain, the orders to the cent, the same events, no personal value in clear', () => {
    expect(code).toBe(0);
    expect(report.passed).toBe(true);
    expect(report.checks.map((check) => [check.check, check.passed, check.problems])).toEqual([
      ['audit verify', true, []],
      ['audit orders', true, []],
      ['events', true, []],
      ['personal data', true, []],
    ]);
    expect(report.events).toEqual({ 'catalog.products': 1, 'sales.orders': 9, 'identity.users': 3, 'catalog.reviews': 1 });
    expect(report.checks[1]!.detail).toMatch(/^4 orders and 2 customers, /);
    expect(report.checks[3]!.detail).toMatch(/of 1 erased customer written as forgotten, none in clear$/);
    expect(report.to).toMatchObject({ log: `the embedded log in ${newDir}`, setting: `DATA_DIR=${newDir}` });
    expect(report.carriedFiles).toEqual([join(newDir, 'privacy-master-key')]);
    expect(report.carriedKeys).toBe(2);
    expect(report.nextSteps.join('\n')).toMatch(/Set DATA_DIR=.*first start builds the read model/);
  });

  it('writes no name, e-mail, address or customer’s words in clear, and builds no read model (the first start does)', async () => {
    const written = await eventsOf(newDir, 'as written');
    expect(written).toHaveLength(old.length);
    const text = JSON.stringify(written);
    for (const value of IN_CLEAR) expect(text).not.toContain(value);
    const tables = await withDatabase(
      newDir,
      'readModel',
      async (db) =>
        (await db.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public'")).rows,
    );
    expect(tables.map((table) => table.name).sort()).toEqual(['privacy_data_keys', 'privacy_migrations']);
  });

  it('keeps each event’s data, meta, stream and place in it, in the current schema version', async () => {
    const written = new Map((await eventsOf(newDir, 'as written')).map((event) => [event.meta.eventId, event]));
    for (const event of old) {
      const resealed = written.get(event.meta.eventId)!;
      expect(resealed).toBeDefined();
      expect({ ...resealed.meta }).toEqual({ ...event.meta, schemaVersion: CURRENT_SCHEMA_VERSION });
      expect([resealed.type, resealed.position.topic, resealed.streamId, resealed.streamPosition]).toEqual([
        event.type,
        event.position.topic,
        event.streamId,
        event.streamPosition,
      ]);
      expect(resealed.chain).toBeDefined();
    }
    // Written in version 1, read (and resealed) in the current shape: lines, subtotal.
    const first = written.get(orderOfAda.meta.eventId)!;
    expect(first.meta.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect((first.data as OrderPlaced['data']).lines).toEqual(orderOfAda.data.lines);
  });

  it('reads back through the new key store as the old log did, but an erased customer’s values as forgotten, his invoices kept by law', async () => {
    const revealed = new Map((await eventsOf(newDir, 'revealed')).map((event) => [event.meta.eventId, event]));
    const forgotten: Record<string, unknown> = {
      [orderOfBob.meta.eventId]: { ...orderOfBob.data, userName: FORMER_CUSTOMER, shippingAddress: '' },
      [cancelledOfBob.meta.eventId]: { ...cancelledOfBob.data, userName: FORMER_CUSTOMER, shippingAddress: '' },
    };
    for (const event of old) {
      const data = revealed.get(event.meta.eventId)!.data as Record<string, unknown>;
      if (event.meta.eventId in forgotten) expect(data).toEqual(forgotten[event.meta.eventId]);
      else if (event.type === 'UserSignedIn' && (event.data as { uid: string }).uid === BOB.uid)
        expect(data).toMatchObject({ uid: BOB.uid, name: FORMER_CUSTOMER, email: '' });
      else if (event.type === 'OrderCancelled') expect(data).toEqual({ ...event.data, reason: '' });
      else expect(data).toEqual(event.data);
    }
    const invoiceOfBob = [...revealed.values()].find((event) => event.type === 'InvoiceIssued' && event.data.buyer.userId === BOB.uid)!;
    expect((invoiceOfBob.data as InvoiceIssued['data']).buyer).toEqual({ userId: BOB.uid, name: BOB.name, address: BOB.address });
    const keys = await withDatabase(
      newDir,
      'readModel',
      async (db) =>
        (
          await db.query<{ key_id: string; destroyed: boolean; until: boolean }>(
            `select key_id, destroyed_at is not null as destroyed, destroy_after is not null as until
             from privacy_data_keys where uid = $1 order by key_id`,
            [BOB.uid],
          )
        ).rows,
    );
    // His invoices key, made by the reseal, goes when the law lets the buyer go, as his erasure would have had it.
    expect(keys).toEqual([
      { key_id: `invoices:${BOB.uid}`, destroyed: false, until: true },
      { key_id: `personal:${BOB.uid}`, destroyed: true, until: false },
    ]);
  });

  it('is built into a read model as the new shop’s first start builds it: names opened, the erased customer’s forgotten', async () => {
    const orders = await withDatabase(newDir, 'log', (logDb) =>
      withDatabase(newDir, 'readModel', async (readModelDb) => {
        const sql = pgliteSql(readModelDb);
        const { vault } = await openVault(sql, { masterKeyFile: join(newDir, 'privacy-master-key') });
        const log = sealedLog(await PgliteEventLog.open(logDb), vault);
        // As the shop's first start opens the read model: its tables made, then built in bulk (BULK_BUILD_FROM=1).
        await openProjectorStore(sql);
        expect(await bulkFirstBuild({ log, sql, logger: { info: () => undefined }, from: 1 })).toBe(true);
        const { rows } = await sql.query<{ order_id: string; user_name: string; shipping_address: string }>(
          'select order_id, user_name, shipping_address from orders where order_id = any($1::text[]) order by order_id',
          [[orderOfAda.data.orderId, orderOfBob.data.orderId]],
        );
        return rows;
      }),
    );
    expect(orders).toEqual([
      { order_id: orderOfAda.data.orderId, user_name: ADA.name, shipping_address: ADA.address },
      { order_id: orderOfBob.data.orderId, user_name: FORMER_CUSTOMER, shipping_address: '' },
    ]);
  });

  it('refuses (exit 2) a target that holds anything, DATA_DIR itself or a folder in it, and no target or both', async () => {
    for (const [argv, message] of [
      [['--to-data-dir', newDir], /--to-data-dir .* is not empty: name a new or empty folder/],
      [['--to-data-dir', oldDir], /is DATA_DIR, or in it, or holds it/],
      [['--to-data-dir', join(oldDir, 'sealed')], /is DATA_DIR, or in it, or holds it/],
      [[], /name the new log: --to-data-dir DIR/],
      [['--to-topic-prefix', 'sealed.'], /the log is the embedded one/],
    ] as const) {
      const { code, stdout, stderr } = await cli(['privacy', 'reseal', ...argv], { DATA_DIR: oldDir });
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      expect(stderr).toMatch(message);
    }
  });

  it('refuses (exit 2) while a running shop holds the old data dir, and writes nothing', async () => {
    const lock = await lockDataDir(oldDir);
    const target = join(root, 'while-running');
    try {
      const { code, stderr } = await cli(['privacy', 'reseal', '--to-data-dir', target], { DATA_DIR: oldDir });
      expect(code).toBe(2);
      expect(stderr).toMatch(
        /is running \(pid \d+\): privacy reseal copies the whole log, which must not move on meanwhile, so stop make start first/,
      );
      await expect(readdir(target)).rejects.toThrow(/ENOENT/);
    } finally {
      await lock.release();
    }
  });
});

describe('toolforge privacy reseal of a log it cannot carry whole', { timeout: 240_000 }, () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'toolforge-reseal-'));
    await withDatabase(join(root, 'old'), 'log', async (db) => {
      const log = await PgliteEventLog.open(db);
      await logWriter(log)(productAdded({ ...hammer, stock: 5 }));
      // An event of a newer ToolForge: its personal values cannot be told, so it is not carried.
      const newer = { type: 'GiftWrapped', data: { orderId: 'o-1', note: 'For Ada' }, meta: productAdded().meta } as unknown as ShopEvent;
      await log.append({ topic: TOPICS.orders, streamId: 'o-1', expectedVersion: 0, events: [newer] });
    });
    // An empty folder is a target too.
    await mkdir(join(root, 'new'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('fails the events check (exit 1), says what it left out, and leaves the new log in place for inspection', async () => {
    const { code, stdout } = await cli(['privacy', 'reseal', '--to-data-dir', join(root, 'new')], { DATA_DIR: join(root, 'old') });
    expect(code).toBe(1);
    expect(stdout).toMatch(/FAILED {2}events/);
    expect(stdout).toContain('not carried, sales.orders/0/0: unknown event type "GiftWrapped"');
    expect(stdout).toMatch(/sales\.orders: 1 events in the old log, 0 in the new/);
    expect(stdout).toContain(`The new log is left as it is for inspection: the embedded log in ${join(root, 'new')}`);
    expect(stdout).not.toMatch(/Next steps/);
    expect(await eventsOf(join(root, 'new'), 'as written')).toHaveLength(1);
  });

  it('refuses (exit 2) a target with a file in it', async () => {
    const taken = join(root, 'taken');
    await mkdir(taken);
    await writeFile(join(taken, 'notes.txt'), 'mine');
    const { code, stderr } = await cli(['privacy', 'reseal', '--to-data-dir', taken], { DATA_DIR: join(root, 'old') });
    expect(code).toBe(2);
    expect(stderr).toMatch(/is not empty/);
  });
});
