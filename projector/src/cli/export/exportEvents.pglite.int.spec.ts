import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { formatCents, type ShopEvent } from '@toolforge/contracts';
import {
  cartLineSet,
  invoiceIssued,
  orderCancelled,
  orderLine,
  orderMoved,
  orderPlacedOf,
  productAdded,
  reviewPosted,
  userSignedIn,
  writtenInVersion1,
} from '@toolforge/contracts/testing';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { logWriter } from '@toolforge/platform/testing';
import { Projector } from '../../projector.js';
import { openTestReadModel } from '../../test/readModel.js';
import { runCli } from '../cli.suite.js';
import type { ExportManifest } from './manifest.js';

const at = (occurredAt: string) => ({ occurredAt });
const DRILL = productAdded({ productId: 'p-drill', name: 'Cordless Drill', priceCents: 129_00 }, at('2026-11-19T08:00:00.000Z')).data;
const VISE = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 89_50 }, at('2026-11-19T08:01:00.000Z')).data;
const CLAMP = productAdded({ productId: 'p-clamp', name: 'F-Clamp', priceCents: 12_40 }, at('2026-11-19T08:02:00.000Z')).data;

/** What names or describes the two customers in the history: none of it may reach a file without --with-personal-data. */
const PERSONAL = {
  adaName: 'Ada Lovelace',
  adaEmail: 'ada.lovelace@example.org',
  adaPhoto: 'https://photos.example.org/ada-lovelace.jpg',
  adaAddress: 'Analytical Engine Row 7, London',
  boName: 'Isambard Brunel',
  boEmail: 'isambard@example.org',
  boAddress: 'Clifton Suspension Way 3, Bristol',
  cancellation: 'My sister Augusta ordered one already',
  review: 'Grandfather Babbage would approve of this drill',
};

/** Five days of a shop: three products, two customers, five orders (one written in schema version 1, one of three lines, one cancelled, one paid and invoiced), a cart line and a review. */
function history(): ShopEvent[] {
  const ada = { userId: 'u-ada', userName: PERSONAL.adaName, shippingAddress: PERSONAL.adaAddress };
  const bo = { userId: 'u-bo', userName: PERSONAL.boName, shippingAddress: PERSONAL.boAddress };
  const o0 = orderPlacedOf([orderLine(DRILL, 1)], { orderId: 'o-0', ...ada }, at('2026-11-19T17:00:00.000Z'));
  const o1 = orderPlacedOf([orderLine(DRILL, 5)], { orderId: 'o-1', ...ada }, at('2026-11-20T10:00:00.000Z'));
  const o2 = orderPlacedOf([orderLine(VISE, 2)], { orderId: 'o-2', ...ada }, at('2026-11-20T15:30:00.000Z'));
  // 129.00 + 3 × 89.50 + 7 × 12.40 = 484.30; + 5 % + 50.00 = 558.52, split over the lines by the largest remainders.
  const o3 = orderPlacedOf(
    [orderLine(DRILL, 1), orderLine(VISE, 3), orderLine(CLAMP, 7)],
    { orderId: 'o-3', ...bo },
    at('2026-11-21T09:00:00.000Z'),
  );
  const o4 = orderPlacedOf([orderLine(CLAMP, 2), orderLine(DRILL, 1)], { orderId: 'o-4', ...bo }, at('2026-11-22T11:00:00.000Z'));
  return [
    productAdded(DRILL, at('2026-11-19T08:00:00.000Z')),
    productAdded(VISE, at('2026-11-19T08:01:00.000Z')),
    productAdded(CLAMP, at('2026-11-19T08:02:00.000Z')),
    userSignedIn(
      { uid: 'u-ada', name: PERSONAL.adaName, email: PERSONAL.adaEmail, photoURL: PERSONAL.adaPhoto },
      at('2026-11-19T16:00:00.000Z'),
    ),
    writtenInVersion1(o0),
    o1,
    o2,
    orderCancelled(o2.data, { reason: PERSONAL.cancellation }, at('2026-11-20T16:00:00.000Z')),
    userSignedIn({ uid: 'u-bo', name: PERSONAL.boName, email: PERSONAL.boEmail }, at('2026-11-21T08:00:00.000Z')),
    cartLineSet('u-bo', 'p-clamp', 4, at('2026-11-21T08:30:00.000Z')),
    o3,
    o4,
    orderMoved(o4.data, 'OrderPaid', at('2026-11-22T12:00:00.000Z')),
    invoiceIssued(o4.data, { issuedAt: '2026-11-22T12:00:00.000Z' }),
    reviewPosted(DRILL, { userId: 'u-ada', userName: PERSONAL.adaName, text: PERSONAL.review }, at('2026-11-23T09:00:00.000Z')),
  ];
}

/** The days each topic's events fall on in the history. */
const FILES = [
  'catalog.products/2026-11-19',
  'sales.orders/2026-11-19',
  'sales.orders/2026-11-20',
  'sales.orders/2026-11-21',
  'sales.orders/2026-11-22',
  'identity.users/2026-11-19',
  'identity.users/2026-11-21',
  'catalog.reviews/2026-11-23',
  'sales.carts/2026-11-21',
];

/** The totals `audit orders` prints, made by SQL over the exported orders: cancelled orders left out, an order's total split over its products by the largest remainders (orderSums.ts). */
const AUDIT_TOTALS_SQL = `
  with events as (select * from read_parquet($files)),
  sold as (
    select stream_id as order_id, strftime(occurred_at, '%Y-%m-%d') as day, data->>'userId' as user_id,
      (data->>'totalCostCents')::bigint as total,
      from_json(data->'lines', '[{"productId":"VARCHAR","quantity":"BIGINT","lineTotalCents":"BIGINT"}]') as lines
    from events
    where type = 'OrderPlaced' and stream_id not in (select stream_id from events where type = 'OrderCancelled')),
  lines as (
    select order_id, total, unnest(lines) as line, generate_subscripts(lines, 1) as line_no,
      list_sum(list_transform(lines, l -> l.lineTotalCents)) as subtotal
    from sold),
  shares as (
    select order_id, line_no, line.productId as product_id, line.quantity as quantity, total,
      (total * line.lineTotalCents) // subtotal as whole_cents, (total * line.lineTotalCents) % subtotal as remainder
    from lines),
  ranked as (
    select *, row_number() over (partition by order_id order by remainder desc, line_no) as rank,
      total - sum(whole_cents) over (partition by order_id) as left_over
    from shares)
  select 'total' as grouping, 'total' as key, count(*) as orders, sum(list_sum(list_transform(lines, l -> l.quantity))) as quantity, sum(total) as cents from sold
  union all
  select 'byDay', day, count(*), sum(list_sum(list_transform(lines, l -> l.quantity))), sum(total) from sold group by day
  union all
  select 'byUser', user_id, count(*), sum(list_sum(list_transform(lines, l -> l.quantity))), sum(total) from sold group by user_id
  union all
  select 'byProduct', product_id, count(distinct order_id), sum(quantity), sum(whole_cents + (rank <= left_over)::integer) from ranked group by product_id`;

interface Totals {
  orders: number;
  quantity: number;
  revenue: string;
}

describe('toolforge events export on the embedded log', { timeout: 120_000 }, () => {
  let dataDir: string;
  let duck: DuckDBConnection;
  let closeDuck: () => void;
  let events: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-export-'));
    const logDb = await openEmbeddedPostgres(dataDir, 'log');
    const readModelDb = await openEmbeddedPostgres(dataDir, 'readModel');
    try {
      const log = await PgliteEventLog.open(logDb);
      const append = logWriter(log);
      const written = history();
      for (const event of written) await append(event);
      events = written.length;
      // Projected, so that the audit finds the read model consistent and answers 0.
      await new Projector({ log, store: await openTestReadModel(pgliteSql(readModelDb)) }).catchUp();
    } finally {
      await Promise.all([logDb.close(), readModelDb.close()]);
    }
    const instance = await DuckDBInstance.create(':memory:');
    duck = await instance.connect();
    closeDuck = () => {
      duck.closeSync();
      instance.closeSync();
    };
  });
  afterAll(async () => {
    closeDuck?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const exportTo = (out: string, ...options: string[]) => runCli(['events', 'export', '--out', out, ...options], { DATA_DIR: dataDir });
  const rows = async (sql: string, values: Record<string, string> = {}) => (await duck.runAndReadAll(sql, values)).getRowObjectsJson();
  const manifestOf = async (out: string) => JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as ExportManifest;
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('refuses, before opening the shop, a folder that is not empty or is a file, a --to not after --from and a format it does not write', async () => {
    const taken = await mkdtemp(join(tmpdir(), 'toolforge-export-out-'));
    try {
      await writeFile(join(taken, 'notes.txt'), 'mine');
      const cases: [string[], RegExp][] = [
        [['--out', taken, '--format', 'csv'], /--out .* is not empty: name a new or empty folder/],
        [['--out', join(taken, 'notes.txt'), '--format', 'csv'], /--out .* is a file/],
        [['--out', join(taken, 'new'), '--format', 'csv', '--from', '2026-11-21', '--to', '2026-11-20'], /--to is not after --from/],
        [['--out', join(taken, 'new'), '--format', 'xlsx'], /option '--format <format>' argument 'xlsx' is invalid/],
        [['--out', join(taken, 'new')], /required option '--format <format>' not specified/],
        [['--out', join(taken, 'new'), '--format', 'csv', '--from', 'yesterday'], /expected an ISO date or time/],
      ];
      for (const [argv, message] of cases) {
        const refused = await runCli(['events', 'export', ...argv], { DATA_DIR: join(taken, 'no shop here') });
        expect(refused, argv.join(' ')).toMatchObject({ code: 2, stdout: '' });
        expect(refused.stderr, argv.join(' ')).toMatch(message);
      }
      expect(await readdir(taken)).toEqual(['notes.txt']);
    } finally {
      await rm(taken, { recursive: true, force: true });
    }
  });

  let parquetOut: string;
  it('writes a Parquet file per topic and day, and a manifest whose counts, positions and SHA-256s are the files’', async () => {
    parquetOut = join(await mkdtemp(join(tmpdir(), 'toolforge-export-out-')), 'analysts');
    const { code, stdout, stderr } = await exportTo(parquetOut, '--format', 'parquet');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(
      new RegExp(
        `^Exported ${events} events \\(the log’s start to its end\\) of the embedded log [0-9a-f-]+ into 9 parquet files of 5 topics`,
      ),
    );
    expect(stdout).toMatch(/Personal data left out/);

    const manifest = await manifestOf(parquetOut);
    expect(manifest).toMatchObject({ from: null, to: null, format: 'parquet', withPersonalData: false });
    expect(manifest.log.logId).toMatch(/^the embedded log /);
    expect(manifest.files.map((file) => `${file.topic}/${file.day}`)).toEqual(FILES);
    const onDisk = (await readdir(parquetOut, { recursive: true })).filter((name) => name.endsWith('.parquet')).sort();
    expect(onDisk).toEqual(manifest.files.map((file) => file.path).sort());
    for (const file of manifest.files) {
      const bytes = await readFile(join(parquetOut, file.path));
      expect({ bytes: file.bytes, sha256: file.sha256 }, file.path).toEqual({ bytes: bytes.length, sha256: sha256(bytes) });
      const held = await rows(
        `select count(*)::integer as events, first(topic || '/' || partition || '/' || "offset") as first, last(topic || '/' || partition || '/' || "offset") as last
         from read_parquet($path)`,
        { path: join(parquetOut, file.path) },
      );
      expect(held, file.path).toEqual([{ events: file.events, first: file.firstPosition, last: file.lastPosition }]);
    }
    expect(manifest.totals).toEqual({
      files: 9,
      events,
      bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0),
    });
    expect(manifest.notExported).toEqual([]);
  });

  it('holds each event as read: its time a TIMESTAMP, its data upgraded to the current schema, personal values null with their keys kept', async () => {
    const files = join(parquetOut, '*', '*.parquet');
    const columns = await rows(`select column_name, column_type from (describe select * from read_parquet($files))`, { files });
    expect(Object.fromEntries(columns.map((column) => [column.column_name, column.column_type]))).toEqual({
      topic: 'VARCHAR',
      partition: 'INTEGER',
      offset: 'BIGINT',
      stream_id: 'VARCHAR',
      stream_position: 'INTEGER',
      event_id: 'VARCHAR',
      type: 'VARCHAR',
      schema_version: 'INTEGER',
      occurred_at: 'TIMESTAMP',
      actor: 'VARCHAR',
      data: 'JSON',
      previous_hash: 'VARCHAR',
      hash: 'VARCHAR',
    });
    const [written1] = await rows(
      `select schema_version, strftime(occurred_at, '%Y-%m-%dT%H:%M:%S.%gZ') as occurred_at, actor, json_array_length(data->'lines') as lines,
         list_has_all(json_keys(data), ['userName', 'shippingAddress']) as keys_kept, data->>'userName' as user_name
       from read_parquet($files) where stream_id = 'o-0'`,
      { files },
    );
    expect(written1).toEqual({
      schema_version: 3,
      occurred_at: '2026-11-19T17:00:00.000Z',
      actor: 'u-ada',
      lines: '1',
      keys_kept: true,
      user_name: null,
    });
    const [invoice] = await rows(`select data->'buyer' as buyer from read_parquet($files) where type = 'InvoiceIssued'`, { files });
    expect(JSON.parse(invoice!.buyer as string)).toEqual({ userId: 'u-bo', name: null, address: null });
  });

  it('leaves every personal value out of every file’s bytes, and of what DuckDB reads in them', async () => {
    const files = join(parquetOut, '*', '*.parquet');
    const text = JSON.stringify(await rows('select * from read_parquet($files)', { files }));
    // What is not personal is there to be found: the check below would see a name.
    expect(text).toContain('Cordless Drill');
    for (const value of Object.values(PERSONAL)) expect(text).not.toContain(value);
    for (const path of [...(await manifestOf(parquetOut)).files.map((file) => file.path), 'manifest.json']) {
      const bytes = await readFile(join(parquetOut, path), 'latin1');
      for (const value of Object.values(PERSONAL)) expect(bytes, path).not.toContain(value);
    }
  });

  it('reproduces the audit’s totals to the cent from the Parquet files: orders, quantity and revenue, per day, user and product', async () => {
    const audit = await runCli(['audit', 'orders', '--format', 'json'], { DATA_DIR: dataDir });
    expect({ code: audit.code, stderr: audit.stderr }).toEqual({ code: 0, stderr: '' });
    const fromLog = (JSON.parse(audit.stdout) as { totals: Totals & Record<'byDay' | 'byUser' | 'byProduct', Record<string, Totals>> })
      .totals;
    const fromFiles: Record<string, Record<string, Totals>> = { total: {}, byDay: {}, byUser: {}, byProduct: {} };
    for (const row of await rows(AUDIT_TOTALS_SQL, { files: join(parquetOut, 'sales.orders', '*.parquet') })) {
      const { grouping, key, orders, quantity, cents } = row as Record<string, string>;
      fromFiles[grouping!]![key!] = { orders: Number(orders), quantity: Number(quantity), revenue: formatCents(Number(cents)) };
    }
    const { byDay, byUser, byProduct, ...total } = fromLog;
    expect(fromFiles).toEqual({ total: { total }, byDay, byUser, byProduct });
    // The three-line order's total split over its products, as the audit splits it.
    expect(Object.keys(byProduct)).toEqual(['p-clamp', 'p-drill', 'p-vise']);
  });

  it('writes CSV with a header, the log’s own times and the personal data when asked, into a folder whose name holds a quote', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'toolforge-export-out-')), "o'brien's export'); drop table x; --");
    await mkdir(out);
    const { code, stdout, stderr } = await exportTo(
      out,
      '--format',
      'csv',
      '--from',
      '2026-11-20',
      '--to',
      '2026-11-22',
      '--with-personal-data',
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^Exported 6 events \(2026-11-20T00:00:00.000Z to 2026-11-22T00:00:00.000Z\) .* into 4 csv files of 3 topics/);
    expect(stdout).toMatch(/Personal data kept/);
    const manifest = await manifestOf(out);
    expect(manifest).toMatchObject({
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-22T00:00:00.000Z',
      format: 'csv',
      withPersonalData: true,
    });
    expect(manifest.files.map((file) => [file.path, file.events])).toEqual([
      ['sales.orders/2026-11-20.csv', 3],
      ['sales.orders/2026-11-21.csv', 1],
      ['identity.users/2026-11-21.csv', 1],
      ['sales.carts/2026-11-21.csv', 1],
    ]);
    let allBytes = '';
    for (const file of manifest.files) {
      const bytes = await readFile(join(out, file.path));
      expect({ bytes: file.bytes, sha256: file.sha256 }, file.path).toEqual({ bytes: bytes.length, sha256: sha256(bytes) });
      const text = bytes.toString('utf8');
      allBytes += text;
      expect(text.split('\n')[0], file.path).toBe(manifest.columns.join(','));
      const [counted] = await rows(
        `select count(*)::integer as events, min(occurred_at) as first_time from read_csv($path, all_varchar = true)`,
        {
          path: join(out, file.path),
        },
      );
      expect(counted!.events, file.path).toBe(file.events);
      expect(counted!.first_time, file.path).toMatch(/^2026-11-2[01]T\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    for (const value of [
      PERSONAL.adaName,
      PERSONAL.adaAddress,
      PERSONAL.cancellation,
      PERSONAL.boName,
      PERSONAL.boEmail,
      PERSONAL.boAddress,
    ]) {
      expect(allBytes).toContain(value);
    }
  });
});
