import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres } from '../pglite/pglite.js';
import { freshSchema, inSchema } from './schemas.js';
import { pgliteSql, type SqlExecutor } from './sql.js';

describe('inSchema', () => {
  let db: PGlite;
  let sql: SqlExecutor;
  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
    sql = pgliteSql(db);
    await freshSchema(sql, 'toolforge_build');
  });
  afterAll(() => db.close());

  const settings = async (executor: SqlExecutor) =>
    (
      await executor.query<{ path: string; commits: string }>(
        "select current_setting('search_path') as path, current_setting('synchronous_commit') as commits",
      )
    ).rows[0];

  it('runs each statement in the schema, with durable commits unless told otherwise, and leaves the connection as it was', async () => {
    expect(await settings(inSchema(sql, 'toolforge_build'))).toEqual({ path: 'toolforge_build', commits: 'on' });
    expect(await settings(inSchema(sql, 'toolforge_build', { asyncCommits: true }))).toEqual({ path: 'toolforge_build', commits: 'off' });
    await inSchema(sql, 'toolforge_build', { asyncCommits: true }).transaction(async (tx) => {
      await tx.query('create table built (id integer primary key)');
      await tx.query('insert into built values (1)');
    });
    // Set for its transactions alone: the next statement on the same connection is as before.
    const after = await settings(sql);
    expect(after?.commits).toBe('on');
    expect(after?.path).not.toContain('toolforge_build');
    expect((await sql.query<{ id: number }>('select id from toolforge_build.built')).rows).toEqual([{ id: 1 }]);
  });
});
