import type { HotAnswers } from '@toolforge/platform/cache';
import { applyMigrations, readModelSchema, type SqlExecutor, type SqlQueryable } from '@toolforge/platform/sql';
import { READ_MODEL_FEATURES, type CacheAreas, type ReadModelReader } from './features.js';

/**
 * The read model's schema: each feature's tables, and the projection's own (checkpoints, dead
 * letters, the log it was built from). It is shaped by the reads the query side serves; the
 * projector fills it, and both migrate it, since either may start first (docs/read-model.md). The
 * order of the features is the order of the founding migration's statements.
 */
export const READ_MODEL_SCHEMA = readModelSchema(READ_MODEL_FEATURES.map((feature) => feature.tables));

/** The tables of the read model a rebuild empties: the projected rows, the checkpoints and the dead letters. */
export const READ_MODEL_TABLES: readonly string[] = READ_MODEL_SCHEMA.tables;

/** Applies the read model's migrations this database has not run yet. */
export function migrateReadModel(sql: SqlExecutor): Promise<void> {
  return applyMigrations(sql, READ_MODEL_SCHEMA.migrations);
}

/** Every cache area the query service keeps answers in: a read model bound to another log moves them all on. */
export const CACHE_AREAS = Object.assign({}, ...READ_MODEL_FEATURES.map((feature) => feature.cacheAreas)) as CacheAreas;

/** Every feature's reads on `sql`, as one reader, its tables already migrated. */
export function readModelReader(sql: SqlQueryable): ReadModelReader {
  return Object.assign({}, ...READ_MODEL_FEATURES.map((feature) => feature.reads(sql))) as ReadModelReader;
}

/** The query side's reads on any Postgres, its tables migrated first (the query service may start before the projector). */
export async function openReadModel(sql: SqlExecutor): Promise<ReadModelReader> {
  await migrateReadModel(sql);
  return readModelReader(sql);
}

/** The answers the projector puts in the cache after each commit that changes their area: every feature's. */
export function readModelHotAnswers(reader: ReadModelReader): HotAnswers[] {
  return READ_MODEL_FEATURES.flatMap((feature) => ('hotAnswers' in feature && feature.hotAnswers ? feature.hotAnswers(reader) : []));
}

export type { ReadModelReader };
