import type { SqlExecutor } from '@toolforge/platform/sql';
import { foldReservations, reservationHandler, type CatalogueWrite, type RowWrite, type RowWriteHandler } from '@toolforge/read-model';

type ReserveStock = Extract<CatalogueWrite, { readonly kind: 'reserveStock' }>;

/**
 * A build's reservations (rebuild.ts), summed per product in memory as its batches commit, and added
 * to the counters once a pass over the log ends (fold). Updated in place batch by batch, each of a
 * million orders cost its product's counter an index lookup and a new row version: the largest part
 * of a rebuild on PGlite (bench-results/2026-11-26.md#read-with-the-runs). Appended to a ledger
 * table by each batch and added up after each pass, they still cost a noticeable part of one (a
 * million ledger rows, the bench's orders spread over 100,000 products:
 * docs/read-model.md#rebuilding-while-the-shop-serves). Only what a commit applied is counted
 * (Committed.writes): an event set aside as a dead letter, or a batch rolled back, takes its
 * reservation with it, as it takes its row writes.
 * A build cut short loses the sums with the schema they were for.
 */
export class ReservationTally {
  private readonly sums = new Map<string, number>();
  /** Commits' writes not added up yet: an adding is due as long as there are any. */
  private readonly uncounted: (readonly RowWrite[])[] = [];

  /**
   * A commit's writes: their reservations are added up, the rest passed over. Not at once: a commit's
   * callback runs before the build sends its next batch, and the adding (a map lookup for each of a
   * million orders) then held the read model's thread back, on an embedded rebuild's main thread.
   * Added up once the next batch is on its way (setImmediate), while the read model applies it, and in
   * any case before a fold; a rebuild caught up sooner, alternated three times
   * (bench-results/2026-11-27.md#the-rebuild-investigated).
   */
  count(writes: readonly RowWrite[]): void {
    if (this.uncounted.push(writes) === 1) setImmediate(() => this.countUncounted());
  }

  private countUncounted(): void {
    for (const writes of this.uncounted.splice(0)) {
      for (const write of writes) {
        if (write.kind === 'reserveStock') this.sums.set(write.productId, (this.sums.get(write.productId) ?? 0) + write.quantity);
      }
    }
  }

  /** Adds the sums so far to the counters in `sql` (the build's schema), in one statement, and starts again from none. */
  async fold(sql: SqlExecutor): Promise<void> {
    this.countUncounted();
    if (this.sums.size === 0) return;
    await sql.transaction((tx) => foldReservations(tx, this.sums));
    this.sums.clear();
  }
}

/** reserveStock as a build applies it: nothing in the batch's transaction; the build counts it once the batch commits (ReservationTally). */
export const tallyReservations: RowWriteHandler<ReserveStock, CatalogueWrite['kind']> = {
  ...reservationHandler,
  apply: () => Promise.resolve(),
  applyRun: () => Promise.resolve(),
};
