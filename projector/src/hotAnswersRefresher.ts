import { CACHE_TTL_SECONDS, HOT_AREA, cachedAnswerKey, hotCatalogueAnswers, type Cache, type ReadModelReader } from '@toolforge/platform';
import type { ProjectorLogger } from './readModelUpdater.js';

export interface HotAnswersRefresherDeps {
  cache: Cache;
  store: Pick<ReadModelReader, 'listProducts' | 'countProducts'>;
  logger?: ProjectorLogger;
  ttlSeconds?: number;
}

/**
 * Keeps the hot catalogue answers (home, count, first pages) ready in the cache after each commit
 * that changed the catalogue, so that the first visitor after a change is served from the cache
 * rather than loading them. It runs beside the projector, never in its way: `refresh()` returns at
 * once, and the commits that arrive while a refresh runs are covered by one more refresh after it.
 * The cache only ever speeds reads up, so a failed refresh is logged and otherwise ignored: the query
 * service loads what it misses.
 */
export class HotAnswersRefresher {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly deps: HotAnswersRefresherDeps) {}

  /** The catalogue changed: refresh now, or once more after the refresh under way. */
  refresh(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.refreshUntilCurrent();
  }

  /** Resolves when no refresh runs or waits (a stop lets the last one finish before closing the cache). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async refreshUntilCurrent(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.refreshOnce().catch((error: unknown) => {
          this.deps.logger?.error({ err: error }, 'could not refresh the hot catalogue answers in the cache');
        });
      } while (this.again);
    } finally {
      this.running = undefined;
    }
  }

  private async refreshOnce(): Promise<void> {
    const { cache, store } = this.deps;
    // The generation is read before the read model: the answers are at least as new as the commit
    // that made it current, so they can never be older than what a reader of that generation knows.
    const generation = await cache.generation(HOT_AREA);
    // The cache cannot say which generation is current (Redis down): there is nothing to refresh.
    if (generation === undefined) return;
    const answers = await hotCatalogueAnswers(store);
    const ttl = this.deps.ttlSeconds ?? CACHE_TTL_SECONDS;
    await Promise.all([...answers].map(([key, json]) => cache.set(cachedAnswerKey(HOT_AREA, generation, key), json, ttl)));
  }
}
