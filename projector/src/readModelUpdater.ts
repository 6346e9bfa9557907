import type { StoredEvent, Topic } from '@toolforge/contracts';
import { cacheAreasOf, type AppliedBatch, type Cache, type CacheArea, type ReadModelWriter } from '@toolforge/platform';
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

export interface ReadModelUpdaterDeps {
  store: ReadModelWriter;
  /** Told which areas went stale after each commit; absent when nothing caches reads. */
  cache?: Cache;
  logger?: ProjectorLogger;
}

/**
 * The one way events reach the read model, whoever reads the log (the polling Projector, the Kafka
 * consumer): a partition's events are projected to row writes and applied with the partition's
 * checkpoint in one transaction (DESIGN §6); after the commit the cache hears which areas went
 * stale and the listeners where the partition now stands.
 */
export class ReadModelUpdater {
  private readonly listeners = new Set<(committed: Committed) => void>();
  /** Areas the cache has not been told about yet (it was down): told with the next commit. */
  private readonly untold = new Set<CacheArea>();

  constructor(private readonly deps: ReadModelUpdaterDeps) {}

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
      await this.tellCache(stale);
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

  private async tellCache(stale: readonly CacheArea[]): Promise<void> {
    if (!this.deps.cache) return;
    for (const area of stale) this.untold.add(area);
    if (this.untold.size === 0) return;
    const areas = [...this.untold];
    try {
      await this.deps.cache.advance(areas);
      for (const area of areas) this.untold.delete(area);
    } catch (error) {
      // Reads fall back to the read model while the cache is down; what it missed is told next time.
      this.deps.logger?.error({ err: error, areas }, 'could not advance cache generations');
    }
  }
}
