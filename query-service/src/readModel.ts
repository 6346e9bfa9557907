import {
  PROJECTION_TABLES,
  applyMigrations,
  readModelSchema,
  sqlCheckpoints,
  type CheckpointReader,
  type CheckpointsReader,
  type SqlExecutor,
} from '@toolforge/platform/sql';
import { CATALOGUE_AREA, PRODUCT_COUNTS_AREA } from './catalog/answers.js';
import { sqlCatalogueReader, type CatalogueReader } from './catalog/productReads.js';
import { CATALOGUE_TABLES } from './catalog/tables.js';
import { sqlStandingReader, type StandingReader } from './identity/standingReads.js';
import { IDENTITY_TABLES } from './identity/tables.js';
import { ORDERS_AREA } from './orders/answers.js';
import { sqlOrderReader, type OrderReader } from './orders/orderReads.js';
import { ORDER_TABLES } from './orders/tables.js';
import { REVIEWS_AREA } from './reviews/answers.js';
import { sqlReviewReader, type ReviewReader } from './reviews/reviewReads.js';
import { REVIEW_TABLES } from './reviews/tables.js';

/**
 * The read model's schema: each feature's tables, and the projection's own (checkpoints, dead
 * letters, the log it was built from). It is the query side's, shaped by the reads it serves; the
 * projector fills it and migrates it too, since either may start first (docs/read-model.md). The
 * order of the parts is the order of the founding migration's statements.
 */
export const READ_MODEL_SCHEMA = readModelSchema([CATALOGUE_TABLES, ORDER_TABLES, IDENTITY_TABLES, PROJECTION_TABLES, REVIEW_TABLES]);

/** The tables of the read model a rebuild empties: the projected rows, the checkpoints and the dead letters. */
export const READ_MODEL_TABLES: readonly string[] = READ_MODEL_SCHEMA.tables;

/** Applies the read model's migrations this database has not run yet. */
export function migrateReadModel(sql: SqlExecutor): Promise<void> {
  return applyMigrations(sql, READ_MODEL_SCHEMA.migrations);
}

/** Every cache area the query service keeps answers in: a read model bound to another log moves them all on. */
export const CACHE_AREAS = {
  catalogue: CATALOGUE_AREA,
  productCounts: PRODUCT_COUNTS_AREA,
  orders: ORDERS_AREA,
  reviews: REVIEWS_AREA,
} as const;

/** The query side's reads: the projector's checkpoints, products, orders, roles. Lists are newest first. */
export interface ReadModelReader extends CheckpointReader, CheckpointsReader, CatalogueReader, OrderReader, StandingReader, ReviewReader {}

/** The query side's reads on any Postgres, its tables migrated first (the query service may start before the projector). */
export async function openReadModel(sql: SqlExecutor): Promise<ReadModelReader> {
  await migrateReadModel(sql);
  return { ...sqlCheckpoints(sql), ...sqlCatalogueReader(sql), ...sqlOrderReader(sql), ...sqlStandingReader(sql), ...sqlReviewReader(sql) };
}
