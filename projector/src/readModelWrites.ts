import type { CacheArea } from '@toolforge/platform/cache';
import { SqlProjectionStore, type ProjectionStoreOptions, type SqlExecutor, type SqlQueryable } from '@toolforge/platform/sql';
import { READ_MODEL_TABLES, migrateReadModel } from '@toolforge/query-service';
import { tallyReservations } from './catalog/reservationTally.js';
import { catalogueWrites, type CatalogueWrite } from './catalog/writes.js';
import { identityWrites, type IdentityWrite } from './identity/writes.js';
import { orderWrites, type OrderWrite } from './orders/writes.js';
import { reviewWrites, type ReviewWrite } from './reviews/writes.js';

/**
 * What a projection asks of the read model for one event: row writes in the read model's own
 * terms, each feature's own. Projections decide them from events without I/O; the store applies
 * them in the event's transaction. Each write is safe to repeat, though the checkpoint already
 * keeps an event from being applied twice.
 */
export type RowWrite = CatalogueWrite | OrderWrite | IdentityWrite | ReviewWrite;

/** One read-model row: its table, the column that keys it there, and the key. */
export interface RowKey {
  readonly table: string;
  readonly keyColumn: string;
  readonly key: string;
}

/** How one kind of write is applied, which cached answers it makes stale, and which rows it changes (a replay repairs those). */
export interface RowWriteHandler<Write> {
  readonly stale: readonly CacheArea[];
  /**
   * The one table the write changes. No write reads another table than its own, so writes to
   * different tables commute: a batch's writes are applied table by table (see applyRowWrites).
   */
  readonly table: string;
  rows(write: Write): readonly RowKey[];
  apply(tx: SqlQueryable, write: Write): Promise<void>;
  /** Applies consecutive writes of this kind in one statement, leaving the rows as `apply` on each in turn would. */
  applyRun?(tx: SqlQueryable, writes: readonly Write[]): Promise<void>;
  /**
   * Kinds of the same table whose writes may share a run with this kind's: consecutive writes of
   * any of them form one run, which `applyRun` (that of the run's first write) takes whole. For a
   * table whose kinds interleave in the log (an order is placed, another paid, a third placed…),
   * so that a batch's writes stay a few statements rather than one per event.
   */
  readonly runsWith?: readonly RowWrite['kind'][];
}

/** A feature's writes, one handler per kind. */
export type RowWriteHandlers<Write extends { readonly kind: string }> = {
  readonly [Kind in Write['kind']]: RowWriteHandler<Extract<Write, { readonly kind: Kind }>>;
};

const HANDLERS: RowWriteHandlers<RowWrite> = { ...catalogueWrites, ...orderWrites, ...identityWrites, ...reviewWrites };

/** A build's (rebuild.ts): the same but for reservations, which it adds up as its batches commit (catalog/reservationTally.ts). */
const BUILD_HANDLERS: RowWriteHandlers<RowWrite> = { ...HANDLERS, reserveStock: tallyReservations };

function handlerOf<Write extends RowWrite>(write: Write, handlers = HANDLERS): RowWriteHandler<Write> {
  // RowWriteHandlers gives each kind the handler of its own writes; TypeScript cannot follow the lookup.
  return handlers[write.kind] as unknown as RowWriteHandler<Write>;
}

/** Runs one write in the batch's transaction. */
export function applyRowWrite(tx: SqlQueryable, write: RowWrite, handlers = HANDLERS): Promise<void> {
  return handlerOf(write, handlers).apply(tx, write);
}

/**
 * Runs the writes of a batch's events in a few statements (a rebuild applies a million events):
 * each table's writes in their order, in runs of one kind that a handler with `applyRun` applies in
 * one statement. The rows end as applying each write in turn leaves them, because writes to
 * different tables commute and each run is applied as its writes would be one by one.
 */
export async function applyRowWrites(tx: SqlQueryable, writes: readonly RowWrite[], handlers = HANDLERS): Promise<void> {
  for (const run of runsOfOneKind(writes, handlers)) {
    const handler = handlerOf(run[0]!, handlers);
    if (handler.applyRun && run.length > 1) await handler.applyRun(tx, run);
    else for (const write of run) await handler.apply(tx, write);
  }
}

/** The writes table by table, each table's in their order, cut where the kind changes to one its run does not take (`runsWith`). */
function runsOfOneKind(writes: readonly RowWrite[], handlers: RowWriteHandlers<RowWrite>): RowWrite[][] {
  const byTable = new Map<string, RowWrite[]>();
  for (const write of writes) {
    const table = handlerOf(write, handlers).table;
    const tableWrites = byTable.get(table);
    if (tableWrites) tableWrites.push(write);
    else byTable.set(table, [write]);
  }
  const runs: RowWrite[][] = [];
  for (const tableWrites of byTable.values()) {
    let run: RowWrite[] = [];
    for (const write of tableWrites) {
      if (run.length > 0 && !sharesRun(run[0]!, write, handlers)) {
        runs.push(run);
        run = [];
      }
      run.push(write);
    }
    runs.push(run);
  }
  return runs;
}

function sharesRun(first: RowWrite, next: RowWrite, handlers: RowWriteHandlers<RowWrite>): boolean {
  return first.kind === next.kind || (handlerOf(first, handlers).runsWith?.includes(next.kind) ?? false);
}

/** The cache areas whose answers a write makes stale. */
export function cacheAreasOf(write: RowWrite): readonly CacheArea[] {
  return handlerOf(write).stale;
}

/** The rows a write changes. */
export function rowsOf(write: RowWrite): RowKey[] {
  return [...handlerOf(write).rows(write)];
}

export interface ProjectorStoreOptions extends Pick<ProjectionStoreOptions<RowWrite>, 'statisticsAfter'> {
  /**
   * A build of a new version no reader sees yet (rebuild.ts): its reservations are left out of
   * the batches' transactions, for the build to add up as they commit (catalog/reservationTally.ts).
   */
  readonly building?: boolean;
}

/**
 * The read model as the projector keeps it, on any Postgres: the query service's tables, migrated
 * first (docs/read-model.md says why they are the query service's), filled with these writes.
 */
export async function openProjectorStore(sql: SqlExecutor, options: ProjectorStoreOptions = {}): Promise<SqlProjectionStore<RowWrite>> {
  const { building = false, ...storeOptions } = options;
  await migrateReadModel(sql);
  const handlers = building ? BUILD_HANDLERS : HANDLERS;
  return new SqlProjectionStore(sql, {
    applyWrite: (tx, write) => applyRowWrite(tx, write, handlers),
    applyWrites: (tx, writes) => applyRowWrites(tx, writes, handlers),
    tables: READ_MODEL_TABLES,
    ...storeOptions,
  });
}
