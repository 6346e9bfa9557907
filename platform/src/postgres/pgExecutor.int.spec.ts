import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { openPostgresPool, pgSql } from './pgExecutor.js';
import { applyMigrations, type Migration } from '../sql/migrations.js';

/** Three migrations, as a read model grows them. */
const MIGRATIONS: readonly Migration[] = [
  { version: 1, ddl: 'create table tools (name text primary key); create table bins (bin text primary key)' },
  { version: 2, ddl: 'alter table tools add column bin text' },
  { version: 3, ddl: 'create index tools_in_bin on tools (bin)' },
];

describe('the SqlExecutor on a pg pool', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(inject('postgresUrl'));
    await database.sql.query('create table shelf (tool text primary key)');
  });
  afterAll(() => database.drop());

  it('runs a transaction on one connection: its statements see each other and commit together', async () => {
    const count = await database.sql.transaction(async (tx) => {
      await tx.query('insert into shelf values ($1)', ['hammer']);
      await tx.query('insert into shelf values ($1)', ['chisel']);
      // Only this connection sees the uncommitted rows.
      const inside = await tx.query<{ count: string }>('select count(*) from shelf');
      const outside = await database.sql.query<{ count: string }>('select count(*) from shelf');
      expect(Number(outside.rows[0]!.count)).toBe(0);
      return Number(inside.rows[0]!.count);
    });
    expect(count).toBe(2);
    expect((await database.sql.query('select tool from shelf order by tool')).rows).toEqual([{ tool: 'chisel' }, { tool: 'hammer' }]);
  });

  it('runs a transaction’s statements in the order they are sent, also when sent before the answers before them', async () => {
    const [, , seen] = await database.sql.transaction((tx) =>
      Promise.all([
        tx.query("insert into shelf values ('file')"),
        tx.query("insert into shelf values ('rasp')"),
        tx.query<{ tool: string }>("select tool from shelf where tool in ('file', 'rasp') order by tool"),
      ]),
    );
    expect(seen.rows).toEqual([{ tool: 'file' }, { tool: 'rasp' }]);
    await database.sql.query("delete from shelf where tool in ('file', 'rasp')");
  });

  it('prepares each statement text once per connection when asked, and plans it again when its table is replaced', async () => {
    const pool = openPostgresPool(database.url, { max: 1 });
    const prepared = pgSql(pool, { prepared: true });
    try {
      await database.sql.query('create table drawer (tool text primary key, count int)');
      await database.sql.query(`insert into drawer values ('file', 2), ('rasp', 1)`);
      const read = (tool: string) => prepared.query<{ count: number }>('select count from drawer where tool = $1', [tool]);
      expect((await read('file')).rows).toEqual([{ count: 2 }]);
      expect((await read('rasp')).rows).toEqual([{ count: 1 }]);
      const statements = await prepared.query<{ name: string }>(`select name from pg_prepared_statements where name like $1`, [
        'toolforge_%',
      ]);
      // One for the read (used twice), one for this look at the list itself.
      expect(statements.rows).toHaveLength(2);

      // A rebuild's switch: the table is replaced by one with the same columns.
      await database.sql.transaction(async (tx) => {
        await tx.query('alter table drawer rename to drawer_retired');
        await tx.query('create table drawer (tool text primary key, count int)');
        await tx.query(`insert into drawer values ('file', 5)`);
      });
      expect((await read('file')).rows).toEqual([{ count: 5 }]);
      expect((await read('rasp')).rows).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  it('rolls everything back when the work throws, and the connection serves again', async () => {
    await expect(
      database.sql.transaction(async (tx) => {
        await tx.query('insert into shelf values ($1)', ['saw']);
        await tx.query('insert into shelf values ($1)', ['hammer']);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect((await database.sql.query('select tool from shelf where tool = $1', ['saw'])).rows).toEqual([]);
    // Pool of four: more transactions than connections still run, none left open or broken.
    const tools = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        database.sql.transaction(async (tx) => (await tx.query('select $1::text as tool', [`t${n}`])).rows[0]),
      ),
    );
    expect(tools).toHaveLength(8);
  });

  it('lets two services migrate the read model at the same moment', async () => {
    const [first, second] = [openPostgresPool(database.url, { max: 1 }), openPostgresPool(database.url, { max: 1 })];
    try {
      await Promise.all([applyMigrations(pgSql(first), MIGRATIONS), applyMigrations(pgSql(second), MIGRATIONS)]);
      const versions = await database.sql.query<{ version: number }>('select version from read_model_migrations order by version');
      // Each migration once, not once per service.
      expect(versions.rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('fails a statement fast when the server does not answer, without crashing the process', async () => {
    const pool = openPostgresPool('postgres://postgres@127.0.0.1:1/none', { connectionTimeoutMs: 500 });
    try {
      await expect(pgSql(pool).query('select 1')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await pool.end();
    }
  });
});
