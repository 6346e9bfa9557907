import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { openPostgresPool, pgSql } from '../postgres/pgExecutor.js';
import { buildIndexes, deferIndexes, freshSchema } from './schemas.js';

describe('buildIndexes on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(inject('postgresUrl'));
    await freshSchema(database.sql, 'built');
    // An index whose build takes a while: its expression sleeps 0.1 s a row (declared immutable, as an index needs).
    await database.sql.query(`create function built.slowly(n integer) returns integer language plpgsql immutable as
      $$ begin perform pg_sleep(0.1); return n; end $$`);
    await database.sql.query('create table built.parts (id integer primary key, a integer, b integer, c integer, d integer, e integer)');
    await database.sql.query('insert into built.parts select n, n, n, n, n, n from generate_series(1, 4) as n');
    for (const column of ['a', 'b', 'c', 'd', 'e']) {
      await database.sql.query(`create index parts_${column} on built.parts (built.slowly(${column}))`);
    }
  });
  afterAll(() => database.drop());

  it('builds every deferred index, never more at once than a small pool can lend before its connection timeout', async () => {
    const deferred = await deferIndexes(database.sql, 'built');
    expect(deferred.map((index) => index.name)).toEqual(['parts_a', 'parts_b', 'parts_c', 'parts_d', 'parts_e']);
    // Each build takes about 0.4 s; a build that waited for a connection of this pool 0.25 s would fail.
    const pool = openPostgresPool(database.url, { max: 2, connectionTimeoutMs: 250 });
    try {
      await buildIndexes(pgSql(pool), deferred);
    } finally {
      await pool.end();
    }
    const built = await database.sql.query<{ indexname: string }>(
      "select indexname from pg_indexes where schemaname = 'built' and indexname <> 'parts_pkey' order by indexname",
    );
    expect(built.rows.map((row) => row.indexname)).toEqual(['parts_a', 'parts_b', 'parts_c', 'parts_d', 'parts_e']);
  });
});
