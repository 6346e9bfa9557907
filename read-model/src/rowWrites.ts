import type { CacheArea } from '@toolforge/platform/cache';
import type { SqlQueryable } from '@toolforge/platform/sql';
import type { RowKey, RowWriteHandler, RowWriteHandlers } from './feature.js';
import { READ_MODEL_FEATURES, type RowWrite } from './features.js';

/** How each kind of write is applied: every feature's writes, from the one list of features. */
export const ROW_WRITE_HANDLERS = Object.assign({}, ...READ_MODEL_FEATURES.map((feature) => feature.writes)) as RowWriteHandlers<RowWrite>;

function handlerOf<Write extends RowWrite>(write: Write, handlers = ROW_WRITE_HANDLERS): RowWriteHandler<Write> {
  // RowWriteHandlers gives each kind the handler of its own writes; TypeScript cannot follow the lookup.
  return handlers[write.kind] as unknown as RowWriteHandler<Write>;
}

/** Runs one write in the batch's transaction. */
export function applyRowWrite(tx: SqlQueryable, write: RowWrite, handlers = ROW_WRITE_HANDLERS): Promise<void> {
  return handlerOf(write, handlers).apply(tx, write);
}

/**
 * Runs the writes of a batch's events in a few statements (a rebuild applies a million events):
 * each table's writes in their order, in runs of one kind that a handler with `applyRun` applies in
 * one statement. The rows end as applying each write in turn leaves them, because writes to
 * different tables commute and each run is applied as its writes would be one by one.
 */
export async function applyRowWrites(tx: SqlQueryable, writes: readonly RowWrite[], handlers = ROW_WRITE_HANDLERS): Promise<void> {
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
