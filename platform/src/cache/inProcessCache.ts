import type { Cache, CacheArea } from './cache.js';
import { ExpiringLru } from './expiringLru.js';

export interface InProcessCacheOptions {
  /** Entries kept at most; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

/** The embedded default in place of Redis (docs/architecture.md#2-two-ways-to-run-same-code): a bounded LRU map in this process. */
export class InProcessCache implements Cache {
  private readonly entries: ExpiringLru<string>;
  private readonly generations = new Map<CacheArea, number>();

  constructor(options: InProcessCacheOptions = {}) {
    this.entries = new ExpiringLru(options.maxEntries ?? 10_000, options.now);
  }

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.entries.get(key));
  }

  set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.set(key, value, ttlSeconds * 1000);
    return Promise.resolve();
  }

  generation(area: CacheArea): Promise<number> {
    return Promise.resolve(this.generations.get(area) ?? 0);
  }

  advance(areas: Iterable<CacheArea>): Promise<void> {
    for (const area of new Set(areas)) this.generations.set(area, (this.generations.get(area) ?? 0) + 1);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.entries.clear();
    return Promise.resolve();
  }
}
