/**
 * When the projection store gathers the planner's statistics on the tables it fills.
 *
 * Without them Postgres guesses: it takes `deleted_at is null` to keep half a percent of the
 * products, and then sorts every one of them for a page rather than walk the index (most of a
 * second at 100,000 products, on the shop's own thread when embedded). PGlite runs no autovacuum,
 * so it never gathers them by itself, and a server's autovacuum gets to a table a minute or so
 * after a catch-up filled it, while the shop is already answering. So the store runs ANALYZE
 * itself: once it has applied `first` events since it opened, then each time that count doubles.
 * A catch-up of a million events analyzes seven times, mostly on small tables; a shop taking
 * orders ever more rarely, which is enough, since the planner scales the counts it recorded to
 * the table's current size and the proportions change slowly.
 */
export class StatisticsSchedule {
  private applied = 0;
  private due: number;

  constructor(first: number) {
    this.due = Math.max(1, first);
  }

  /** Counts `events` more applied: true when the statistics are due now (the next time is then twice as many). */
  count(events: number): boolean {
    this.applied += events;
    if (this.applied < this.due) return false;
    this.due = this.applied * 2;
    return true;
  }
}

/** Events applied before the first ANALYZE: a read model smaller than that is planned well enough by guesses. */
export const FIRST_STATISTICS_AFTER = 10_000;
