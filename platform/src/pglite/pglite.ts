import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { ownerOnlyDurableFiles } from './pgliteFiles.js';
import { copyInputFiles } from '../sql/copyInput.js';

/**
 * The embedded shop's two databases, each a folder of DATA_DIR (docs/architecture.md#2-two-ways-to-run-same-code): the log,
 * and the read model made from it. Apart, as Kafka and PostgreSQL are in services mode: a PGlite
 * works on the one thread that opened it, so the operators' tool can read the log on a thread of
 * its own while it rebuilds the read model on another (docs/operators.md).
 */
export const EMBEDDED_DATABASES = { log: 'pg', readModel: 'read-model' } as const;

export type EmbeddedDatabase = keyof typeof EMBEDDED_DATABASES;

/**
 * The tables of the log's database: anything else there is a read model an earlier ToolForge kept
 * beside the log, in the same database (openEmbeddedPostgres drops it).
 */
const LOG_TABLES = ['events', 'log_identity'];

/** The schemas a rebuild of that read model may have left behind (projector/src/rebuild.ts). */
const FORMER_REBUILD_SCHEMAS = ['toolforge_rebuild', 'toolforge_retired'];

/**
 * Opens one of the embedded databases (docs/architecture.md#2-two-ways-to-run-same-code) persisted under `dataDir`, or in
 * memory when dataDir is null (tests, where one database may hold both). One process owns a data
 * dir: PGlite is a single-connection database.
 */
export async function openEmbeddedPostgres(dataDir: string | null, database: EmbeddedDatabase = 'log'): Promise<PGlite> {
  if (dataDir === null) return PGlite.create(EVERY_PGLITE);
  const path = join(dataDir, EMBEDDED_DATABASES[database]);
  // The owner's only, as everything PGlite makes in it (pgliteFiles.ts).
  await mkdir(path, { recursive: true, mode: 0o700 });
  if (database === 'readModel') return PGlite.create(path, EVERY_PGLITE);
  const db = await PGlite.create(path, {
    ...EVERY_PGLITE,
    startParams: [...PGlite.defaultStartParams, ...DURABLE_COMMITS, '-c', `shared_buffers=${LOG_SHARED_BUFFERS}`],
  });
  await dropFormerReadModel(db).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  return db;
}

/**
 * What every PGlite of the shop is opened with: COPY's input handed over as a file
 * (sql/copyInput.ts), and files that are flushed when Postgres flushes them and are the
 * owner's only (pgliteFiles.ts).
 */
const EVERY_PGLITE: PGliteOptions = { extensions: { copyInput: copyInputFiles, files: ownerOnlyDurableFiles } };

/**
 * An acknowledged append is on disk (docs/event-log.md, "Durability"): PGlite starts Postgres with
 * fsync off (`-F`), which these turn back on, later arguments winning. WAL is flushed with fsync(),
 * the call that reaches the file system's flush (pgliteFiles.ts); fdatasync, Postgres's default on
 * Linux, is a syscall Emscripten answers without touching the file. A commit flushes the WAL once,
 * and the log's appends of one group-commit batch are one transaction (PgliteEventLog.appendBatch):
 * one flush a batch. The read model keeps PGlite's fsync off: it is made again from the log.
 */
const DURABLE_COMMITS = ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/**
 * The log's page cache, a quarter of PGlite's default: the log is appended at its end and read in
 * order, and a PGlite's process holds its whole cache from the start. Opened on a million events, a
 * log with the default 128 MB held far more memory than with 32 MB, and read it all as fast
 * (bench-results/2026-11-27.md#the-rebuild-investigated).
 */
const LOG_SHARED_BUFFERS = '32MB';

/**
 * A data dir of a ToolForge that kept the read model in the log's database: its tables are dropped
 * from there, once, and the shop builds the read model again in its own database as it would for a
 * new one (bulkFirstBuild). Nothing is lost: a read model holds only what the log says.
 */
async function dropFormerReadModel(db: PGlite): Promise<void> {
  const former = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> all($1::text[])`,
    [LOG_TABLES],
  );
  const schemas = await db.query<{ schema_name: string }>(
    'select schema_name from information_schema.schemata where schema_name = any($1::text[])',
    [FORMER_REBUILD_SCHEMAS],
  );
  if (former.rows.length === 0 && schemas.rows.length === 0) return;
  await db.transaction(async (tx) => {
    for (const { schema_name } of schemas.rows) await tx.exec(`drop schema "${schema_name}" cascade`);
    if (former.rows.length > 0) await tx.exec(`drop table ${former.rows.map((row) => `"${row.table_name}"`).join(', ')} cascade`);
  });
}

/** The embedded database's type, for packages that receive one without depending on PGlite. */
export type EmbeddedPostgres = PGlite;
