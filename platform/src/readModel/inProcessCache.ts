import type { Cache, CacheArea } from './cache.js';

export interface InProcessCacheOptions {
  /** Entries kept at most; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/** The embedded default in place of Redis (docs/architecture.md §2): a bounded LRU map in this process. */
export class InProcessCache implements Cache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<CacheArea, number>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: InProcessCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.lookUp(key));
  }

  private lookUp(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
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
