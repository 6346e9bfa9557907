import type { Topic } from '@toolforge/contracts';
import type { EventsAt, LogPage, StoredEvent } from '@toolforge/platform';
import type { Cache, CacheArea, HotAnswers } from '@toolforge/platform/cache';
import {
  appliedWrites,
  type AppliedBatch,
  type LogBinding,
  type LogBindingStore,
  type LogIdentity,
  type OnLogChange,
  type ProjectionBatch,
  type ReadModelWriter,
} from '@toolforge/platform/sql';
import { CACHE_AREAS, cacheAreasOf, projectOrRefuse, type RowWrite } from '@toolforge/read-model';
import { withRetriedLetters } from './deadLetterRetries.js';
import { HotAnswersRefresher } from './hotAnswersRefresher.js';
import { LogChangedError } from './logBinding.js';

/** A commit of the read model: this partition is applied up to (not including) nextOffset. */
export interface Committed {
  readonly topic: Topic;
  readonly partition: number;
  readonly nextOffset: number;
  /** Events this commit applied (those set aside not counted). */
  readonly applied: number;
  /** The row writes of those events, in their order: what the commit made of the read model. */
  readonly writes: readonly RowWrite[];
}

export interface ProjectorLogger {
  error(details: object, message: string): void;
  warn?(details: object, message: string): void;
}

/** The read model as the projector uses it: it writes, and records the log it is built from. */
export type ProjectorStore = ReadModelWriter<RowWrite> & LogBindingStore;

export interface ReadModelUpdaterDeps {
  store: ProjectorStore;
  /** Told which areas went stale after each commit, and given the hot answers; absent when nothing caches reads. */
  cache?: Cache;
  /** The answers to put in the cache after each commit that moves their area (the catalogue's, wired by the host). */
  hotAnswers?: readonly HotAnswers[];
  logger?: ProjectorLogger;
  /** Reads a dead letter's event from the log when an admin retries it (deadLetterRetries.ts), its personal values opened. */
  eventsAt?: EventsAt;
}

/**
 * The one way events reach the read model, whoever reads the log (the polling Projector, the Kafka
 * consumer): a partition's events are projected to row writes and applied with the partition's
 * checkpoint in one transaction; after the commit the cache hears which areas went
 * stale (and, when the area of the hot answers changed, gets them for the new generation, off the
 * apply path) and the listeners where the partition now stands.
 */
export class ReadModelUpdater {
  private readonly listeners = new Set<(committed: Committed) => void>();
  /** Areas the cache has not been told about yet (it was down): told with the next commit. */
  private readonly untold = new Set<CacheArea>();
  /** One refresher per area that has hot answers. */
  private readonly hotAnswers: readonly HotAnswersRefresher[];

  constructor(private readonly deps: ReadModelUpdaterDeps) {
    const { cache, hotAnswers, logger } = deps;
    this.hotAnswers = cache ? (hotAnswers ?? []).map((answers) => new HotAnswersRefresher({ cache, answers, logger })) : [];
  }

  /** Where the read model stands in a partition: the next offset to apply. */
  nextOffset(topic: Topic, partition: number): Promise<number> {
    return this.deps.store.nextOffset(topic, partition);
  }

  /**
   * Applies consecutive events of one partition; those the checkpoint has passed are skipped. An
   * event that cannot be applied (unknown type, newer schema version, a projection that throws, data
   * the database refuses, a record that is no event) is set aside as a dead letter in the same
   * transaction, said loudly, and passed: one event never stops the partition.
   */
  apply(topic: Topic, partition: number, events: readonly StoredEvent[]): Promise<AppliedBatch> {
    return this.applyProjected(projectPage({ topic, partition, events }));
  }

  /** The same for a page projected already (projectPage). */
  async applyProjected(page: ProjectedPage): Promise<AppliedBatch> {
    const { topic, partition } = page;
    const projected = await withRetriedLetters(page, this.deps.eventsAt);
    const result = await this.deps.store.applyBatch(projected);
    for (const dead of result.deadLettered) {
      this.deps.logger?.error(
        { topic: dead.topic, partition: dead.partition, offset: dead.offset, type: dead.type, error: dead.error },
        'an event could not be applied: it is set aside in projection_dead_letters and the projector goes on',
      );
    }
    for (const letter of result.retried ?? []) {
      const details = { topic: letter.topic, partition: letter.partition, offset: letter.offset, error: letter.error };
      if (letter.outcome === 'refused')
        this.deps.logger?.error(details, 'a dead letter was retried and refused again: it stays, with the new error');
      else if (letter.outcome === 'applied') this.deps.logger?.warn?.(details, 'a dead letter was retried: the read model took its event');
    }
    if (result.applied + result.deadLettered.length > 0) {
      const writes = appliedWrites(projected, result);
      // A set, not a list per write: a rebuild's batch holds thousands of writes and a few areas.
      const stale = new Set<CacheArea>();
      for (const write of writes) for (const area of cacheAreasOf(write)) stale.add(area);
      const told = await this.tellCache([...stale]);
      // Not awaited: the next batch does not wait for the cache; commits meanwhile coalesce.
      for (const refresher of this.hotAnswers) if (told.includes(refresher.area)) refresher.refresh();
      const committed = { topic, partition, nextOffset: result.nextOffset, applied: result.applied, writes };
      for (const listener of this.listeners) listener(committed);
    }
    return result;
  }

  /**
   * Checks that the read model was built from this log, before anything is applied: records the log
   * when it knows none yet, refuses another log (LogChangedError) or, when told to rebuild, has the
   * read model emptied and bound to it. When the binding is new or changed, every cache area moves to
   * a new generation, so nothing cached from another log is ever answered again.
   */
  async bindToLog(log: LogIdentity, onChange: OnLogChange): Promise<LogBinding> {
    const binding = await this.deps.store.bindToLog({ ...log, onChange });
    if (binding.outcome === 'refused') throw new LogChangedError(log.logId, binding);
    if (binding.outcome === 'rebuilt') {
      this.deps.logger?.warn?.(
        { previous: binding.previous, log: log.logId, why: binding.why },
        'the read model was built from another log: emptied it, projecting this log from the start',
      );
    }
    // The hot answers of the new generation come with the first commit that changes their area.
    if (binding.outcome !== 'same') await this.tellCache(Object.values(CACHE_AREAS));
    return binding;
  }

  /** Called after each commit, with where that partition now stands. */
  onCommitted(listener: (committed: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when the cache refresh under way (if any) is done: before the cache is closed, and in tests. */
  settled(): Promise<void> {
    return Promise.all(this.hotAnswers.map((refresher) => refresher.settled())).then(() => undefined);
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

/** A page of the log as the store applies it: each event's row writes, or why it cannot be applied. */
export interface ProjectedPage extends ProjectionBatch<RowWrite> {
  readonly topic: Topic;
}

/** A page of the log projected (projectOrRefuse): pure, no I/O. */
export function projectPage({ topic, partition, events }: LogPage): ProjectedPage {
  return { topic, partition, events: events.map(projectOrRefuse) };
}
