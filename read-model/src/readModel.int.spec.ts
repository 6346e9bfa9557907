import { afterEach, describe, expect, inject, it } from 'vitest';
import { openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { openPostgresPool, pgSql } from '@toolforge/platform/postgres';
import { applyMigrations, migrationStatements, pgliteSql, type SqlExecutor, type SqlQueryable } from '@toolforge/platform/sql';
import { createTestDatabase } from '@toolforge/platform/testing';
import { READ_MODEL_SCHEMA, READ_MODEL_TABLES, migrateReadModel } from './readModel.js';
import { DEPLOYED_MIGRATIONS } from './test/deployedMigrations.js';

/** The read model's tables as the database has them, with each one's columns and indexes. */
async function schemaOf(sql: SqlQueryable) {
  const columns = await sql.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const indexes = await sql.query<{ indexname: string; indexdef: string }>(
    "select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname",
  );
  return { columns: columns.rows, indexes: indexes.rows };
}

/** The executor, recording every statement it is asked to run. */
function recording(sql: SqlExecutor): SqlExecutor & { statements: string[] } {
  const statements: string[] = [];
  const record = (tx: SqlQueryable): SqlQueryable => ({
    query: (text, params) => {
      statements.push(text);
      return tx.query(text, params);
    },
  });
  const direct = record(sql);
  return {
    statements,
    query: (text, params) => direct.query(text, params),
    transaction: (work) => sql.transaction((tx) => work(record(tx))),
  };
}

const deployed = DEPLOYED_MIGRATIONS.map((ddl, index) => ({ version: index + 1, ddl }));

describe('the read model’s schema, put together from the features', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (closers.length > 0) await closers.pop()!();
  });

  async function embedded(): Promise<SqlExecutor> {
    const db = await openEmbeddedPostgres(null);
    closers.push(() => db.close());
    return pgliteSql(db);
  }

  it('runs by versions 1, 2 and 3 the very statements deployed under those versions', () => {
    expect(READ_MODEL_SCHEMA.migrations.map((migration) => migration.version).slice(0, deployed.length)).toEqual([1, 2, 3]);
    for (const { version, ddl } of deployed) {
      const now = READ_MODEL_SCHEMA.migrations.find((migration) => migration.version === version)!;
      expect(migrationStatements(now.ddl), `version ${version}`).toEqual(migrationStatements(ddl));
    }
  });

  it('finds a database migrated by the deployed schema up to date, and builds the same tables on an empty one', async () => {
    const migratedBefore = await embedded();
    await applyMigrations(migratedBefore, deployed);
    const watched = recording(migratedBefore);
    await migrateReadModel(watched);
    // Besides the runner's look at what has run, only migrations newer than the deployed ones run.
    const runner = /read_model_migrations|pg_advisory_xact_lock/;
    const newer = READ_MODEL_SCHEMA.migrations.filter((migration) => migration.version > deployed.length);
    expect(watched.statements.filter((statement) => !runner.test(statement))).toEqual(
      newer.flatMap((migration) => migrationStatements(migration.ddl)),
    );
    const versions = await migratedBefore.query<{ version: number }>('select version from read_model_migrations order by version');
    expect(versions.rows.map((row) => Number(row.version))).toEqual(READ_MODEL_SCHEMA.migrations.map((migration) => migration.version));

    const fresh = await embedded();
    await migrateReadModel(fresh);
    expect(await schemaOf(fresh)).toEqual(await schemaOf(migratedBefore));
  });

  it('gives every order placed before orders had lines its one line, and every product before ladders none, in units of one', async () => {
    const sql = await embedded();
    await applyMigrations(
      sql,
      READ_MODEL_SCHEMA.migrations.filter((migration) => migration.version < 9),
    );
    await sql.query(
      `insert into products (product_id, name, category, model, image_url, price_cents, stock, min_order, description, added_at,
                             log_partition, log_offset)
       values ('p-vise', 'Bench Vise', 'hand-tool', 'V-6', '/v.png', 89_50, 10, 1, 'A vise.', now(), 0, 0)`,
    );
    await sql.query(
      `insert into orders (order_id, product_id, product_name, user_id, user_name, quantity, unit_price_cents, total_cost_cents,
                           shipping_address, status, payment, placed_at, log_partition, log_offset, event_offsets)
       values ('o-1', 'p-vise', 'Bench Vise', 'u-1', 'Ada', 4, 89_50, 425_90, '1 Anvil Road', 'paid', true, now(), 0, 1, array[1])`,
    );
    await migrateReadModel(sql);
    expect((await sql.query('select price_tiers, pack_size from products')).rows).toEqual([{ price_tiers: [], pack_size: 1 }]);
    expect((await sql.query('select * from order_lines')).rows).toEqual([
      {
        order_id: 'o-1',
        line_no: 1,
        product_id: 'p-vise',
        product_name: 'Bench Vise',
        quantity: 4,
        unit_price_cents: 89_50,
        line_total_cents: 358_00,
      },
    ]);
  });

  it('empties on a rebuild every table the log fills: READ_MODEL_TABLES names them all', async () => {
    const sql = await embedded();
    await migrateReadModel(sql);
    const tables = await sql.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    // What a rebuild keeps: which migrations ran, and the log it rewrites the binding to.
    const kept = new Set(['read_model_migrations', 'read_model_log']);
    expect(new Set(READ_MODEL_TABLES)).toEqual(new Set(tables.rows.map((row) => row.table_name).filter((table) => !kept.has(table))));
  });

  it('lets the projector and the query service migrate one PostgreSQL database at the same moment', async () => {
    const database = await createTestDatabase(inject('postgresUrl'));
    closers.push(() => database.drop());
    const [projector, queryService] = [openPostgresPool(database.url, { max: 1 }), openPostgresPool(database.url, { max: 1 })];
    closers.push(async () => void (await Promise.all([projector.end(), queryService.end()])));
    await Promise.all([migrateReadModel(pgSql(projector)), migrateReadModel(pgSql(queryService))]);
    const versions = await database.sql.query<{ version: number }>('select version from read_model_migrations order by version');
    // Each migration once, not once per service.
    expect(versions.rows.map((row) => row.version)).toEqual(READ_MODEL_SCHEMA.migrations.map((migration) => migration.version));
  });
});
