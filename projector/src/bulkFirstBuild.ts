import { BULK_BUILD_FROM_DEFAULT } from '@toolforge/platform';
import { sqlCheckpoints, type SqlExecutor } from '@toolforge/platform/sql';
import { positionsInLog, rebuildReadModel, type RebuildOptions } from './rebuild.js';

export interface BulkFirstBuildOptions {
  readonly log: RebuildOptions['log'];
  readonly sql: SqlExecutor;
  readonly logger: { info(message: string): void };
  /** BULK_BUILD_FROM: from how many events in the log (its default unless told); 0 never. */
  readonly from?: number;
  /** Services mode: other projectors may be applying to the serving read model meanwhile (see RebuildOptions). */
  readonly liveProjectors?: boolean;
  readonly cache?: RebuildOptions['cache'];
}

/**
 * Builds a read model that has applied no event yet as `toolforge rebuild` builds one, when the log
 * already holds at least `from` events: a shop started on a restored log, or on a read model dropped
 * to be made again. The running projector applies batches of 500 with every index kept up to date and
 * the planner's statistics gathered as the tables grow; a rebuild applies batches of 5,000 into bare
 * tables and builds their indexes once at the end (docs/read-model.md, "A first build in bulk").
 * Call it before the projector starts: the projector then goes on from the checkpoints the build
 * switched in. Where other projectors may be applying meanwhile (services mode), say so
 * (`liveProjectors`) and hold the rebuild's claim. Answers whether it built.
 */
export async function bulkFirstBuild(options: BulkFirstBuildOptions): Promise<boolean> {
  const { log, sql, logger, from = BULK_BUILD_FROM_DEFAULT } = options;
  if (from <= 0) return false;
  const checkpoints = await sqlCheckpoints(sql).checkpoints();
  if (checkpoints.some((checkpoint) => checkpoint.nextOffset > 0)) return false;
  const events = await positionsInLog(log);
  if (events < from) return false;
  logger.info(
    `the read model has applied no event and the log holds ${events.toLocaleString('en')}: building it in bulk, as toolforge rebuild does`,
  );
  const built = await rebuildReadModel({ log, sql, liveProjectors: options.liveProjectors ?? false, cache: options.cache });
  if (built.outcome === 'switched') {
    logger.info(`the read model was built in bulk: ${built.events.toLocaleString('en')} events in ${built.seconds.toFixed(1)} s`);
  }
  return true;
}
