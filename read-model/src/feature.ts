import type { ShopEvent } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { CacheArea, HotAnswers } from '@toolforge/platform/cache';
import type { ReadModelTables, SqlQueryable } from '@toolforge/platform/sql';

/**
 * The read-model rows a write changes: its table, a column that keys them there, and the key. The
 * column may be the first of a longer primary key (an order's lines by order_id): then the key names
 * every row that has it, which a replay compares and repairs together.
 */
export interface RowKey {
  readonly table: string;
  readonly keyColumn: string;
  readonly key: string;
}

/** How one kind of write is applied, which cached answers it makes stale, and which rows it changes (a replay repairs those). */
export interface RowWriteHandler<Write, SameTableKind extends string = string> {
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
  readonly runsWith?: readonly SameTableKind[];
}

/** A feature's writes, one handler per kind. */
export type RowWriteHandlers<Write extends { readonly kind: string }> = {
  readonly [Kind in Write['kind']]: RowWriteHandler<Extract<Write, { readonly kind: Kind }>, Write['kind']>;
};

/**
 * What one feature brings to the read model, registered once in the list (features.ts) that the
 * projector and the query service both loop over:
 * - `events`: the event types it projects (every ShopEvent type is projected by exactly one feature);
 * - `project`: an event's row writes, pure, no I/O: its own kinds, or another feature's (a placed
 *   order reserves the catalogue's stock);
 * - `follows`: event types another feature projects that change this one's rows too, and their
 *   writes here (a checkout's OrderPlaced empties the cart): the owner's writes come first;
 * - `writes`: how each of its kinds of write is applied, and the cache areas it makes stale;
 * - `tables`: its tables and their migrations (one file per version, in its migrations folder);
 * - `cacheAreas`: where the query service keeps its answers, by name;
 * - `reads`: the SQL reads the query service answers from;
 * - `hotAnswers`: the answers the projector puts in the cache after each commit, before anyone asks.
 */
export interface ReadModelFeature<
  Event extends ShopEvent,
  Write extends { readonly kind: string },
  Reader,
  Areas,
  Projected extends { readonly kind: string } = Write,
  Followed extends ShopEvent = never,
> {
  readonly name: string;
  readonly events: readonly Event['type'][];
  project(event: StoredEvent<Event>): Projected[];
  readonly follows?: FollowedEvents<Followed, Projected>;
  readonly writes: RowWriteHandlers<Write>;
  readonly tables: ReadModelTables;
  readonly cacheAreas: Areas;
  reads(sql: SqlQueryable): Reader;
  hotAnswers?(reader: NoInfer<Reader>): HotAnswers[];
}

/**
 * Event types a feature follows without owning them: it is not their projection of record (that
 * feature is listed in `events` of another), but they change its rows as well.
 */
export interface FollowedEvents<Followed extends ShopEvent, Projected extends { readonly kind: string }> {
  readonly events: readonly Followed['type'][];
  readonly project: (event: StoredEvent<Followed>) => Projected[];
}

/** A feature's registration, its types inferred from it. */
export function readModelFeature<
  Event extends ShopEvent,
  Write extends { readonly kind: string },
  Reader,
  const Areas extends Readonly<Record<string, CacheArea>>,
  Projected extends { readonly kind: string } = Write,
  Followed extends ShopEvent = never,
>(
  feature: ReadModelFeature<Event, Write, Reader, Areas, Projected, Followed>,
): ReadModelFeature<Event, Write, Reader, Areas, Projected, Followed> {
  return feature;
}
