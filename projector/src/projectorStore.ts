import { SqlProjectionStore, type ProjectionStoreOptions, type SqlExecutor } from '@toolforge/platform/sql';
import {
  READ_MODEL_TABLES,
  ROW_WRITE_HANDLERS,
  applyRowWrite,
  applyRowWrites,
  migrateReadModel,
  type RowWrite,
  type RowWriteHandlers,
} from '@toolforge/read-model';
import { tallyReservations } from './catalog/reservationTally.js';

/** A build's (rebuild.ts): the read model's writes but for reservations, which it adds up as its batches commit (catalog/reservationTally.ts). */
const BUILD_HANDLERS: RowWriteHandlers<RowWrite> = { ...ROW_WRITE_HANDLERS, reserveStock: tallyReservations };

export interface ProjectorStoreOptions extends Pick<ProjectionStoreOptions<RowWrite>, 'statisticsAfter'> {
  /**
   * A build of a new version no reader sees yet (rebuild.ts): its reservations are left out of
   * the batches' transactions, for the build to add up as they commit (catalog/reservationTally.ts).
   */
  readonly building?: boolean;
}

/**
 * The read model as the projector keeps it, on any Postgres: the read model's tables, migrated
 * first (either service may start first: docs/read-model.md), filled with its features' writes.
 */
export async function openProjectorStore(sql: SqlExecutor, options: ProjectorStoreOptions = {}): Promise<SqlProjectionStore<RowWrite>> {
  const { building = false, ...storeOptions } = options;
  await migrateReadModel(sql);
  const handlers = building ? BUILD_HANDLERS : ROW_WRITE_HANDLERS;
  return new SqlProjectionStore(sql, {
    applyWrite: (tx, write) => applyRowWrite(tx, write, handlers),
    applyWrites: (tx, writes) => applyRowWrites(tx, writes, handlers),
    tables: READ_MODEL_TABLES,
    ...storeOptions,
  });
}
