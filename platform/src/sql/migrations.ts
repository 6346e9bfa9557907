import { sqlName, type SqlExecutor } from './sql.js';

/**
 * One numbered step of the read model's schema, applied once and recorded by its version. The read
 * model is disposable: a rebuild empties it and replays the log, so a migration never has to keep data.
 */
export interface Migration {
  readonly version: number;
  /** Statements separated by semicolons, run in order. */
  readonly ddl: string;
}

/** The tables one part of the read model owns (a feature, or the projection's bookkeeping). */
export interface ReadModelTables {
  /** Who owns them, as an error names them. */
  readonly owner: string;
  readonly migrations: readonly Migration[];
  /** The tables it fills from the log: a rebuild empties them. */
  readonly tables: readonly string[];
}

/** The whole read model's schema, put together from its parts. */
export interface ReadModelSchema {
  /** In version order. */
  readonly migrations: readonly Migration[];
  /** Every table a rebuild empties. */
  readonly tables: readonly string[];
}

/**
 * The first migration created the first tables of every part at once, before the parts had
 * migrations of their own: it is each part's version 1, run in the order the parts are given.
 */
const FOUNDING_VERSION = 1;

/**
 * Puts the parts' migrations in one numbered list. A version is a deployed database's record of
 * what it has run, so after the founding one each belongs to one part; two parts claiming the same
 * version (say, two branches that each added the next one) or a version missing in between is an
 * error here, before any database sees it.
 */
export function readModelSchema(parts: readonly ReadModelTables[]): ReadModelSchema {
  const byVersion = new Map<number, { owners: string[]; ddl: string[] }>();
  for (const part of parts) {
    for (const migration of part.migrations) {
      const claimed = byVersion.get(migration.version) ?? { owners: [], ddl: [] };
      if (claimed.owners.length > 0 && migration.version !== FOUNDING_VERSION) {
        throw new Error(
          `read model migration ${migration.version} is claimed by both ${claimed.owners[0]} and ${part.owner}: give the newer one the next free version`,
        );
      }
      claimed.owners.push(part.owner);
      claimed.ddl.push(migration.ddl);
      byVersion.set(migration.version, claimed);
    }
  }
  const versions = [...byVersion.keys()].sort((a, b) => a - b);
  versions.forEach((version, index) => {
    if (version !== index + 1) throw new Error(`read model migration ${index + 1} is missing: versions run 1, 2, 3, … without a gap`);
  });
  return {
    migrations: versions.map((version) => ({ version, ddl: byVersion.get(version)!.ddl.join(';\n') })),
    tables: parts.flatMap((part) => part.tables),
  };
}

/** Any constant both services agree on: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 72_430_616;

/**
 * Applies the migrations this database has not seen yet, all in one transaction. In services mode
 * the projector and the query service both migrate at start, maybe at the same moment: the
 * advisory lock lets one of them migrate while the other waits, then finds nothing left to do.
 * `ledger` is the table that records the versions run: the read model's by default; tables kept
 * beside the read model but never rebuilt with it (the order e-mails' outbox) number their own
 * migrations in a ledger of their own, which a rebuild's switch does not replace.
 */
export async function applyMigrations(sql: SqlExecutor, migrations: readonly Migration[], ledger = 'read_model_migrations'): Promise<void> {
  const table = sqlName(ledger);
  await sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`create table if not exists ${table} (version integer primary key, applied_at timestamptz not null default now())`);
    const applied = await tx.query<{ version: number }>(`select version from ${table}`);
    const done = new Set(applied.rows.map((row) => Number(row.version)));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      for (const statement of migrationStatements(migration.ddl)) await tx.query(statement);
      await tx.query(`insert into ${table} (version) values ($1)`, [migration.version]);
    }
  });
}

/** Extended-protocol queries take one statement each. */
export function migrationStatements(ddl: string): string[] {
  return ddl
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
}
