import type { StoredEvent, Topic } from '@toolforge/contracts';
import { HOT_AREA, cacheAreasOf, type AppliedBatch, type Cache, type CacheArea, type ReadModelReader, type ReadModelWriter } from '@toolforge/platform';
import { HotAnswersRefresher } from './hotAnswersRefresher.js';
import { project } from './projections/index.js';

/** A commit of the read model: this partition is applied up to (not including) nextOffset. */
export interface Committed {
  readonly topic: Topic;
  readonly partition: number;
  readonly nextOffset: number;
}

export interface ProjectorLogger {
  error(details: object, message: string): void;
}

/** The read model as the projector uses it: it writes, and reads the hot answers back for the cache. */
export type ProjectorStore = ReadModelWriter & Pick<ReadModelReader, 'listProducts' | 'countProducts'>;

export interface ReadModelUpdaterDeps {
  store: ProjectorStore;
  /** Told which areas went stale after each commit, and given the hot answers; absent when nothing caches reads. */
  cache?: Cache;
  logger?: ProjectorLogger;
}

/**
 * The one way events reach the read model, whoever reads the log (the polling Projector, the Kafka
 * consumer): a partition's events are projected to row writes and applied with the partition's
 * checkpoint in one transaction (DESIGN §6); after the commit the cache hears which areas went
 * stale (and, when the catalogue changed, gets its hot answers for the new generation, off the
 * apply path) and the listeners where the partition now stands.
 */
export class ReadModelUpdater {
  private readonly listeners = new Set<(committed: Committed) => void>();
  /** Areas the cache has not been told about yet (it was down): told with the next commit. */
  private readonly untold = new Set<CacheArea>();
  private readonly hotAnswers: HotAnswersRefresher | undefined;

  constructor(private readonly deps: ReadModelUpdaterDeps) {
    const { cache, store, logger } = deps;
    this.hotAnswers = cache && new HotAnswersRefresher({ cache, store, logger });
  }

  /** Where the read model stands in a partition: the next offset to apply. */
  nextOffset(topic: Topic, partition: number): Promise<number> {
    return this.deps.store.nextOffset(topic, partition);
  }

  /** Applies consecutive events of one partition; those the checkpoint has passed are skipped. */
  async apply(topic: Topic, partition: number, events: readonly StoredEvent[]): Promise<AppliedBatch> {
    const batch = events.map((event) => ({ offset: event.position.offset, writes: project(event) }));
    const result = await this.deps.store.applyBatch({ topic, partition, events: batch });
    if (result.applied > 0) {
      const stale = batch.flatMap((event) => event.writes.flatMap(cacheAreasOf));
      const told = await this.tellCache(stale);
      // Not awaited: the next batch does not wait for the cache; commits meanwhile coalesce.
      if (told.includes(HOT_AREA)) this.hotAnswers?.refresh();
      const committed = { topic, partition, nextOffset: result.nextOffset };
      for (const listener of this.listeners) listener(committed);
    }
    return result;
  }

  /** Called after each commit, with where that partition now stands. */
  onCommitted(listener: (committed: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when the cache refresh under way (if any) is done: before the cache is closed, and in tests. */
  settled(): Promise<void> {
    return this.hotAnswers?.settled() ?? Promise.resolve();
  }

  /** Advances the generations of the stale areas (and of those missed before); answers the areas advanced. */
  private async tellCache(stale: readonly CacheArea[]): Promise<CacheArea[]> {
    if (!this.deps.cache) return [];
    for (const area of stale) this.untold.add(area);
    if (this.untold.size === 0) return [];
    const areas = [...this.untold];
    try {
      await this.deps.cache.advance(areas);
      for (const area of areas) this.untold.delete(area);
      return areas;
    } catch (error) {
      // Reads fall back to the read model while the cache is down; what it missed is told next time.
      this.deps.logger?.error({ err: error, areas }, 'could not advance cache generations');
      return [];
    }
  }
}
