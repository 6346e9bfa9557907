/**
 * When the projection store gathers the planner's statistics on the tables it fills.
 *
 * Without them Postgres guesses: it takes `deleted_at is null` to keep half a percent of the
 * products, and then sorts every one of them for a page rather than walk the index (slow at 100,000
 * products, on the shop's own thread when embedded: docs/read-model.md#reads-at-the-benchs-size).
 * PGlite runs no autovacuum,
 * so it never gathers them by itself, and a server's autovacuum gets to a table a minute or so
 * after a catch-up filled it, while the shop is already answering. So the store runs ANALYZE
 * itself: once the read model holds `first` events, then each time that count doubles.
 * A catch-up of a million events analyzes seven times, mostly on small tables; a shop taking
 * orders ever more rarely, which is enough, since the planner scales the counts it recorded to
 * the table's current size and the proportions change slowly.
 *
 * The count starts from the events the read model already holds when the store opens (startFrom):
 * the statistics gathered while they were applied (by an earlier process, a rebuild, a first build
 * in bulk) are kept by the database. Counted from zero at every start, a shop opened on a million
 * events analyzed its whole read model again 10,000 and 20,000 events later: embedded, where
 * ANALYZE runs on the shop's one thread, that held every request meanwhile (seen in the bench's
 * orders at 500/s, timed per statement: docs/read-model.md#reads-at-the-benchs-size).
 */
export class StatisticsSchedule {
  private applied = 0;
  private due: number;
  private hasStarted = false;

  constructor(first: number) {
    this.due = Math.max(1, first);
  }

  /** Whether startFrom has been told what the read model held. */
  get started(): boolean {
    return this.hasStarted;
  }

  /** Counts on from `held`, the events the read model holds now: the next statistics once it holds twice as many (`first` at least). */
  startFrom(held: number): void {
    this.hasStarted = true;
    this.applied = held;
    this.due = Math.max(this.due, held * 2);
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
