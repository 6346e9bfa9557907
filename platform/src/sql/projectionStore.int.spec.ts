import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { PROJECTION_TABLES, SqlProjectionStore } from './projectionStore.js';
import type { SqlQueryable } from './sql.js';

/** A promise and the function that settles it. */
function signal(): { promise: Promise<void>; settle: () => void } {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('SqlProjectionStore on PostgreSQL: batches of two partitions side by side', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(inject('postgresUrl'));
    for (const migration of PROJECTION_TABLES.migrations) await database.sql.query(migration.ddl);
    await database.sql.query('create table counters (name text primary key, n integer not null)');
    await database.sql.query("insert into counters values ('a', 0), ('b', 0)");
  });
  afterAll(() => database.drop());

  it('applies again a batch the database rolled back to break a deadlock, and each batch counts once', async () => {
    const bump = (tx: SqlQueryable, name: string) => tx.query('update counters set n = n + 1 where name = $1', [name]);
    // Each batch locks its first row, waits until the other has locked its own, then wants the
    // other's: the two wait for each other until PostgreSQL rolls one of them back.
    const locked = { a: signal(), b: signal() };
    let tries = 0;
    const store = new SqlProjectionStore<'a' | 'b'>(database.sql, {
      tables: ['counters'],
      applyWrite: () => Promise.reject(new Error('the test applies its writes together')),
      async applyWrites(tx, [first]) {
        tries += 1;
        const second = first === 'a' ? 'b' : 'a';
        await bump(tx, first!);
        locked[first!].settle();
        await locked[second].promise;
        await bump(tx, second);
      },
    });
    const batch = (partition: number, write: 'a' | 'b') => ({
      topic: 'counted',
      partition,
      events: [{ offset: 0, writes: [write], source: { type: 'Counted', json: '{}' } }],
    });

    const applied = await Promise.all([store.applyBatch(batch(0, 'a')), store.applyBatch(batch(1, 'b'))]);

    expect(applied.map((result) => result.applied)).toEqual([1, 1]);
    // Two first tries and at least one more: the batch rolled back is tried again. Its next try may
    // take its first row back before the other batch's waiting update is woken, and the two meet
    // again; how often is PostgreSQL's timing, so only the lower bound is the store's behaviour.
    expect(tries).toBeGreaterThanOrEqual(3);
    const counters = await database.sql.query<{ name: string; n: number }>('select name, n from counters order by name');
    expect(counters.rows).toEqual([
      { name: 'a', n: 2 },
      { name: 'b', n: 2 },
    ]);
    expect(await store.nextOffset('counted', 0)).toBe(1);
    expect(await store.nextOffset('counted', 1)).toBe(1);
  });

  it('does not apply again a batch that failed for another reason', async () => {
    let tries = 0;
    const store = new SqlProjectionStore<string>(database.sql, {
      tables: ['counters'],
      applyWrite: () => Promise.reject(new Error('the test applies its writes together')),
      async applyWrites(tx) {
        tries += 1;
        await tx.query(`do $$ begin raise exception 'could not serialize access' using errcode = '40001'; end $$`);
      },
    });
    const failed = store.applyBatch({
      topic: 'cut',
      partition: 0,
      events: [{ offset: 0, writes: ['x'], source: { type: 'Cut', json: '{}' } }],
    });
    await expect(failed).rejects.toMatchObject({ code: '40001' });
    expect(tries).toBe(1);
    expect(await store.nextOffset('cut', 0)).toBe(0);
  });
});
