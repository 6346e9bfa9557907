import { sqlName, type SqlExecutor, type SqlQueryable } from './sql.js';

/**
 * PostgreSQL schemas for a read model built beside the one in use (docs/read-model.md, "Rebuilding
 * while the shop serves"): the new version's tables are made and filled in a schema of their own,
 * then moved into the one readers use, in one transaction.
 */

/** The schema readers and the projector use: PostgreSQL's default, where the read model always lived. */
export const SERVING_SCHEMA = 'public';

export interface InSchemaOptions {
  /**
   * Its transactions' commits do not wait for the WAL to reach the disk (`synchronous_commit off`
   * for them alone): for a build that a crash throws away whole anyway, as a rebuild's new version
   * is. Visibility and atomicity are unchanged, and a later synchronous commit (the switch) makes
   * every commit before it durable too.
   */
  readonly asyncCommits?: boolean;
}

/**
 * The executor with every statement in `schema`: each runs in a transaction of its own (or the
 * caller's) that starts by setting its own `search_path`, so the schema holds on any connection a pool
 * hands out, and on PGlite's one connection without changing it for anyone else. Unqualified names
 * then mean that schema's tables only: nothing reaches the serving tables by mistake.
 */
export function inSchema(sql: SqlExecutor, schema: string, options: InSchemaOptions = {}): SqlExecutor {
  const settings = [`set_config('search_path', $1, true)`];
  if (options.asyncCommits) settings.push(`set_config('synchronous_commit', 'off', true)`);
  const scope = `select ${settings.join(', ')}`;
  sqlName(schema); // a plain name only, as every schema the read model uses
  const transaction = <T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> =>
    sql.transaction(async (tx) => {
      // One statement, and the work's follow it without waiting for its answer: a connection runs a
      // transaction's statements in the order they are sent. A rebuild's batch then reaches the
      // database whole before this thread turns to the next page (docs/operators.md).
      const scoped = tx.query(scope, [schema]);
      scoped.catch(() => undefined);
      const answer = await work(tx);
      await scoped;
      return answer;
    });
  return {
    query: (statement, params) => transaction((tx) => tx.query(statement, params)),
    transaction,
  };
}

/** A schema made anew: whatever a canceled or failed run left there is dropped first. */
export async function freshSchema(sql: SqlQueryable, schema: string): Promise<void> {
  await dropSchema(sql, schema);
  await sql.query(`create schema ${sqlName(schema)}`);
}

export async function dropSchema(sql: SqlQueryable, schema: string): Promise<void> {
  await sql.query(`drop schema if exists ${sqlName(schema)} cascade`);
}

/**
 * Moves every table of `built` into `serving`, and the serving tables of the same names out of the
 * way into `retired` (made here). Indexes and constraints go with their tables. Run it in one
 * transaction: readers then see the old tables or the new ones, never a mix. Each move takes an
 * ACCESS EXCLUSIVE lock, so it waits for the statements reading a table and holds new ones back
 * for as long as the transaction lasts (moving is a catalogue update: milliseconds).
 */
export async function switchTables(
  tx: SqlQueryable,
  { built, serving, retired }: { built: string; serving: string; retired: string },
): Promise<string[]> {
  await freshSchema(tx, retired);
  const tables = await tablesOf(tx, built);
  const current = new Set(await tablesOf(tx, serving));
  for (const table of tables) {
    const name = sqlName(table);
    if (current.has(table)) await tx.query(`alter table ${sqlName(serving)}.${name} set schema ${sqlName(retired)}`);
    await tx.query(`alter table ${sqlName(built)}.${name} set schema ${sqlName(serving)}`);
  }
  return tables;
}

export async function tablesOf(sql: SqlQueryable, schema: string): Promise<string[]> {
  const result = await sql.query<{ tablename: string }>('select tablename from pg_tables where schemaname = $1 order by tablename', [
    schema,
  ]);
  return result.rows.map((row) => row.tablename);
}

/** An index set aside while its table is filled: its name, and the statement that builds it again. */
export interface DeferredIndex {
  readonly name: string;
  readonly definition: string;
}

/**
 * Drops the indexes of a schema's tables that enforce nothing (neither a primary key nor unique), for
 * buildIndexes to make again once the tables are filled: Postgres builds an index over a full table
 * in one sort, far faster than it keeps it up to date row by row. Only for a schema no reader uses yet.
 */
export async function deferIndexes(sql: SqlQueryable, schema: string): Promise<DeferredIndex[]> {
  const result = await sql.query<{ name: string; definition: string }>(
    `select index.relname as name, pg_get_indexdef(index.oid) as definition
       from pg_index
       join pg_class index on index.oid = pg_index.indexrelid
       join pg_namespace on pg_namespace.oid = index.relnamespace
      where pg_namespace.nspname = $1 and not pg_index.indisprimary and not pg_index.indisunique
      order by index.relname`,
    [schema],
  );
  for (const { name } of result.rows) await sql.query(`drop index ${sqlName(schema)}.${sqlName(name)}`);
  return result.rows;
}

/**
 * Index builds at once: one a core on the 2-core machine the shop is built for. Each takes a
 * connection for as long as it sorts, and a build that waits for one longer than the pool's
 * connection timeout fails (the rebuilding pools have three): seen when a projector's first build of
 * 1.2 million events asked for all its indexes at once.
 */
const INDEX_BUILDS_AT_ONCE = 2;

/**
 * Makes the indexes deferIndexes dropped (their definitions name their schema), two side by side:
 * on a pool each build has a connection and a core of its own (builds of one table do not block each
 * other); on one connection they go one after another. Each sorts in up to 256 MB (the server's
 * default is 64): a million orders' index then sorts in memory, not in files. Both together made a
 * rebuild's build of a million orders' indexes faster (docs/read-model.md#rebuilding-while-the-shop-serves).
 */
export async function buildIndexes(sql: SqlExecutor, indexes: readonly DeferredIndex[]): Promise<void> {
  const waiting = [...indexes];
  const lane = async () => {
    for (let index = waiting.shift(); index; index = waiting.shift()) {
      const { definition } = index;
      await sql.transaction(async (tx) => {
        await tx.query(`set local maintenance_work_mem = '256MB'`);
        await tx.query(definition);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(INDEX_BUILDS_AT_ONCE, waiting.length) }, lane));
}
