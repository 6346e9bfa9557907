import { LRUCache } from 'lru-cache';

/**
 * A bounded map in this process: at most `maxEntries`, the least recently used forgotten first, and
 * each entry for its time to live and not a millisecond more.
 *
 * On lru-cache, which keeps the order of use in a list beside its Map. Kept in a Map's insertion
 * order (each read deleting and re-inserting its key), a hot key's reads cost a walk of every
 * deleted copy of it left in the Map's bucket until V8 rehashed the table: a read cost far more with
 * many entries than with few, and took a large share of the embedded shop's time profiled under one
 * cached route (docs/read-model.md#the-read-paths-cost, "The maps that remember").
 */
export class ExpiringLru<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V>;

  /** `now`: the wall clock (Date.now) unless given, as the times to live often come from one (a token's expiry). */
  constructor(maxEntries: number, now: () => number = () => Date.now()) {
    // ttlResolution 0: each read asks the clock (a cheap call), so that a clock moved by a test counts at once.
    this.entries = new LRUCache<string, V>({ max: maxEntries, ttlResolution: 0, perf: { now } });
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V, ttlMs: number): void {
    this.entries.set(key, value, { ttl: ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
