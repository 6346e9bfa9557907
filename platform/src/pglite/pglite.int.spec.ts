import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { TOPICS } from '@toolforge/contracts';
import { PgliteEventLog } from './pgliteEventLog.js';
import { EMBEDDED_DATABASES, openEmbeddedPostgres } from './pglite.js';
import { appendDeleted } from '../test/eventLogContract.js';
import { readEvents } from '../testing/eventLog.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'toolforge-pglite-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const tablesAndSchemas = async (database: 'log' | 'readModel') => {
  const db = await openEmbeddedPostgres(dataDir, database);
  try {
    const tables = await db.query<{ name: string }>(
      "select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 1",
    );
    return tables.rows.map((row) => row.name);
  } finally {
    await db.close();
  }
};

it('keeps the log and the read model in folders of their own under the data dir', async () => {
  const log = await openEmbeddedPostgres(dataDir, 'log');
  await PgliteEventLog.open(log);
  await log.close();
  const readModel = await openEmbeddedPostgres(dataDir, 'readModel');
  await readModel.query('create table products (product_id text primary key)');
  await readModel.close();
  expect(EMBEDDED_DATABASES).toEqual({ log: 'pg', readModel: 'read-model' });
  expect(existsSync(join(dataDir, 'read-model'))).toBe(true);
  expect(await tablesAndSchemas('log')).toEqual(['public.events', 'public.log_identity']);
  expect(await tablesAndSchemas('readModel')).toEqual(['public.products']);
});

it('drops the read model an earlier ToolForge kept in the log’s database, and keeps the log whole', async () => {
  // A data dir of before: the read model's tables, and a rebuild's schemas, beside the log's.
  const before = await openEmbeddedPostgres(dataDir, 'log');
  const log = await PgliteEventLog.open(before);
  await appendDeleted(log, TOPICS.products, 'p-1', 0, 'p-1', 'p-1');
  const written = await readEvents(log);
  await before.exec(`
    create table read_model_migrations (version integer primary key);
    create table orders (order_id text primary key);
    create table product_reservations (product_id text references orders (order_id));
    create schema toolforge_rebuild;
    create table toolforge_rebuild.orders (order_id text);
    create schema toolforge_retired;
  `);
  await before.close();

  const opened = await openEmbeddedPostgres(dataDir, 'log');
  try {
    const schemas = await opened.query<{ name: string }>("select nspname as name from pg_namespace where nspname like 'toolforge_%'");
    expect(schemas.rows).toEqual([]);
    expect(await readEvents(await PgliteEventLog.open(opened))).toEqual(written);
  } finally {
    await opened.close();
  }
  expect(await tablesAndSchemas('log')).toEqual(['public.events', 'public.log_identity']);
});
