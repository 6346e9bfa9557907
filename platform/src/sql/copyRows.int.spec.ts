import type { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres } from '../pglite/pglite.js';
import type { CopiedColumn } from './copyBinary.js';
import { copyOrInsert, rowColumns, type CopiedRows } from './copyRows.js';
import { pgliteSql, type SqlExecutor, type SqlQueryable } from './sql.js';

type Row = readonly [string, number, number, boolean, readonly number[]];
const COLUMNS: readonly CopiedColumn<Row>[] = [
  { name: 'name', type: 'text', of: (row) => row[0] },
  { name: 'count', type: 'integer', of: (row) => row[1] },
  { name: 'price', type: 'bigint', of: (row) => row[2] },
  { name: 'boxed', type: 'boolean', of: (row) => row[3] },
  { name: 'bins', type: 'bigint[]', of: (row) => row[4] },
];

/** Texts a shopper can type, which COPY must carry as they are (they were CSV's trouble). */
const AWKWARD: readonly Row[] = [
  ['Claw Hammer "16 oz", forged', 1, 2499, true, [1]],
  ['two\nlines\r\nand a tab\t', 2, -5, false, [2, 3, 5]],
  ['', 3, 0, true, []],
  ['NULL', 4, 9_007_199_254_740_991, false, [9_007_199_254_740_991]],
  ['back\\slash \\N and ,commas,', 5, 1, true, [0]],
  ['  spaced  ', 6, 2, false, [7]],
  ['Ångström-Schlüssel 🔧 №5', 7, 3, true, [8, 13]],
  // COPY's end-of-data marker, alone and on a line of its own inside a value.
  ['\\.', 8, 4, false, [1]],
  ['before\n\\.\nafter', 9, 5, true, [2]],
];

const copied = (rows: readonly Row[]): CopiedRows<Row> => ({ table: 'tools', columns: COLUMNS, rows });

describe('copyOrInsert on PGlite (COPY)', () => {
  let db: PGlite;
  let sql: SqlExecutor;
  beforeEach(async () => {
    db = await openEmbeddedPostgres(null);
    sql = pgliteSql(db);
    await sql.query(
      'create table tools (name text primary key, count integer not null, price bigint not null, boxed boolean not null, bins bigint[] not null)',
    );
  });
  afterEach(() => db.close());

  const rows = async () =>
    (
      await sql.query<{ name: string; count: number; price: string; boxed: boolean; bins: string[] }>('select * from tools order by count')
    ).rows.map((row) => [row.name, row.count, Number(row.price), row.boxed, row.bins.map(Number)]);

  it('appends every value exactly as given, quotes, line breaks, backslashes and empty texts included, without the insert', async () => {
    const inserted: string[] = [];
    await sql.transaction((tx) => copyOrInsert(tx, copied(AWKWARD), () => Promise.resolve(void inserted.push('insert'))));
    expect(inserted).toEqual([]);
    expect(await rows()).toEqual(AWKWARD);
  });

  it('hands a batch with a key already taken to the insert, and the transaction goes on without a row of the refused copy', async () => {
    await sql.query(`insert into tools values ('Claw Hammer "16 oz", forged', 100, 1, true, '{1}')`);
    await sql.transaction(async (tx) => {
      await copyOrInsert(tx, copied(AWKWARD), () => insertSkippingTaken(tx, AWKWARD));
      await tx.query(`insert into tools values ('after', 99, 1, true, '{}')`);
    });
    const names = (await rows()).map((row) => [row[0], row[1]]);
    expect(names).toEqual([...AWKWARD.slice(1).map((row) => [row[0], row[1]]), ['after', 99], ['Claw Hammer "16 oz", forged', 100]]);
  });

  it('leaves a value the column refuses to the insert, whose refusal the caller hears', async () => {
    const withNul: Row = ['nul \u0000 inside', 1, 1, true, []];
    const outcome = sql.transaction((tx) => copyOrInsert(tx, copied([withNul]), () => insertSkippingTaken(tx, [withNul])));
    await expect(outcome).rejects.toMatchObject({ code: expect.stringMatching(/^22/) });
    expect(await rows()).toEqual([]);
  });

  it('hands rows with a value its column cannot hold to the insert, which refuses it as PostgreSQL does', async () => {
    const tooMany: Row = ['Box of screws', 2 ** 31, 1, true, []];
    const outcome = sql.transaction((tx) => copyOrInsert(tx, copied([tooMany]), () => insertSkippingTaken(tx, [tooMany])));
    await expect(outcome).rejects.toMatchObject({ code: '22003' });
    expect(await rows()).toEqual([]);
  });

  it('gives the insert the rows column by column', () => {
    expect(rowColumns(copied(AWKWARD.slice(0, 2)), 2)).toEqual([
      [AWKWARD[0]![0], AWKWARD[1]![0]],
      [1, 2],
    ]);
  });

  it('inserts where the transaction has no COPY (the pg driver), and copies nothing that is empty', async () => {
    const calls: string[] = [];
    await sql.transaction(async (tx) => {
      const withoutCopy: SqlQueryable = { query: (statement, params) => tx.query(statement, params) };
      await copyOrInsert(withoutCopy, copied(AWKWARD.slice(0, 1)), () =>
        insertSkippingTaken(tx, AWKWARD.slice(0, 1)).then(() => void calls.push('one')),
      );
      await copyOrInsert(tx, copied([]), () => Promise.resolve(void calls.push('none')));
    });
    expect(calls).toEqual(['one', 'none']);
    expect(await rows()).toEqual(AWKWARD.slice(0, 1));
  });
});

async function insertSkippingTaken(tx: SqlQueryable, rows: readonly Row[]): Promise<void> {
  for (const [name, count, price, boxed, bins] of rows) {
    await tx.query('insert into tools values ($1, $2, $3, $4, $5) on conflict (name) do nothing', [name, count, price, boxed, bins]);
  }
}
