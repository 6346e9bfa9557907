import { setTimeout as sleep } from 'node:timers/promises';
import { CoalescedRuns } from '@toolforge/platform';
import { CACHE_TTL_SECONDS, cachedAnswerKey, type Cache, type CacheArea, type HotAnswers } from '@toolforge/platform/cache';
import type { ProjectorLogger } from './readModelUpdater.js';

export interface HotAnswersRefresherDeps {
  cache: Cache;
  /** Which answers, and how to build them: the query side's (the catalogue's home, count and first pages). */
  answers: HotAnswers;
  logger?: ProjectorLogger;
  ttlSeconds?: number;
  /** The clock in milliseconds, and the wait between refreshes (see REST_PER_REFRESH_TIME); tests give their own. */
  now?: () => number;
  rest?: (ms: number) => Promise<unknown>;
}

/**
 * After a refresh, another one due waits this many times as long as that one took, so that refreshes
 * keep the database busy a fifth of the time at most, however fast commits come. Loading the
 * answers reads the read model (counting 100,000 products is the costly part); refreshed after
 * every commit, at 200 orders a second they kept a PostgreSQL backend busy back to back and took the
 * CPU the orders' own path needed (read-your-writes missed its p99 goal with them and met it
 * without: docs/read-model.md#the-hot-answers).
 * Meanwhile the new generation's answers are loaded by the readers that ask, as after any commit.
 */
const REST_PER_REFRESH_TIME = 4;

/**
 * Keeps the hot answers ready in the cache after each commit that changed their area, so that the
 * first visitor after a change is served from the cache rather than loading them. It runs beside
 * the projector, never in its way: `refresh()` returns at once, and the commits that arrive while a
 * refresh runs are covered by one more refresh after it, once it has rested (REST_PER_REFRESH_TIME).
 * The cache only ever speeds reads up, so a failed refresh is logged and otherwise ignored: the
 * query service loads what it misses. What the answers are is the query side's business; this only
 * knows when to put them where.
 */
export class HotAnswersRefresher {
  private readonly refreshes: CoalescedRuns;
  /** How long the last refresh took, in ms: the rest before the next one is REST_PER_REFRESH_TIME times it. */
  private lastTook = 0;

  constructor(private readonly deps: HotAnswersRefresherDeps) {
    const now = deps.now ?? (() => performance.now());
    const rest = deps.rest ?? sleep;
    this.refreshes = new CoalescedRuns(
      async () => {
        const started = now();
        await this.refreshOnce().catch((error: unknown) => {
          deps.logger?.error({ err: error }, `could not refresh the hot ${this.area} answers in the cache`);
        });
        this.lastTook = now() - started;
      },
      () => rest(REST_PER_REFRESH_TIME * this.lastTook),
    );
  }

  /** The area whose commits make the answers stale. */
  get area(): CacheArea {
    return this.deps.answers.area;
  }

  /** The area changed: refresh now, or once more after the refresh under way. */
  refresh(): void {
    this.refreshes.request();
  }

  /** Resolves when no refresh runs or waits (a stop lets the last one finish before closing the cache). */
  settled(): Promise<void> {
    return this.refreshes.settled();
  }

  private async refreshOnce(): Promise<void> {
    const { cache, answers } = this.deps;
    // The generation is read before the read model: the answers are at least as new as the commit
    // that made it current, so they can never be older than what a reader of that generation knows.
    const generation = await cache.generation(answers.area);
    // The cache cannot say which generation is current (Redis down): there is nothing to refresh.
    if (generation === undefined) return;
    const bodies = await answers.load();
    const ttl = this.deps.ttlSeconds ?? CACHE_TTL_SECONDS;
    await Promise.all([...bodies].map(([key, json]) => cache.set(cachedAnswerKey(answers.area, generation, key), json, ttl)));
  }
}
