import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openEmbeddedPostgres } from '../pglite/pglite.js';
import { copyBinary, type CopiedColumn } from './copyBinary.js';
import { withCopyInput } from './copyInput.js';
import { copyBytesIntoPglite } from './sql.js';

let db: PGlite;
beforeAll(async () => {
  db = await openEmbeddedPostgres(null);
  await db.exec('create table tools (name text primary key)');
});
afterAll(() => db.close());

const NAME: CopiedColumn<string> = { name: 'name', type: 'text', of: (name) => name };
const toolsCopy = (names: readonly string[]) => ({ table: 'tools', columns: ['name'], bytes: copyBinary([NAME], names) });

/** COPY's files left in the database's /tmp, listed by the database itself. */
const filesLeft = async () =>
  (await db.query<{ name: string }>("select name from pg_ls_dir('/tmp') as name where name like 'toolforge-copy-%'")).rows;

it('holds the input as a file of the database’s own /tmp while the copy runs, and removes it after', async () => {
  const during = await withCopyInput(db, new Uint8Array([1, 2, 3]), async (path) => ({ path, files: await filesLeft() }));
  expect(during.files).toEqual([{ name: during.path.replace('/tmp/', '') }]);
  expect(await filesLeft()).toEqual([]);
});

it('gives each COPY its own input, even when a transaction sends the next before the first is answered, and leaves no file behind', async () => {
  const copied = await db.transaction((tx) =>
    Promise.all([
      copyBytesIntoPglite(db, tx, toolsCopy(['Claw Hammer', 'Hand Saw'])),
      copyBytesIntoPglite(db, tx, toolsCopy(['Torque Wrench'])),
    ]),
  );
  expect(copied).toEqual([true, true]);
  expect((await db.query<{ name: string }>('select name from tools order by name')).rows.map((row) => row.name)).toEqual([
    'Claw Hammer',
    'Hand Saw',
    'Torque Wrench',
  ]);
  expect(await filesLeft()).toEqual([]);
});

it('removes the file of a COPY the database refused', async () => {
  expect(await db.transaction((tx) => copyBytesIntoPglite(db, tx, toolsCopy(['Claw Hammer'])))).toBe(false);
  expect(await filesLeft()).toEqual([]);
});

it('refuses a PGlite opened without it, naming how to open one with it, rather than leaving the rows to the slower insert', async () => {
  const bare = await PGlite.create();
  try {
    await bare.exec('create table tools (name text primary key)');
    const copying = bare.transaction((tx) => copyBytesIntoPglite(bare, tx, toolsCopy(['Claw Hammer'])));
    await expect(copying).rejects.toThrow(/openEmbeddedPostgres/);
  } finally {
    await bare.close();
  }
});
