import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InProcessCache, type Cache } from '@toolforge/platform/cache';
import { CachedReads } from './cachedReads.js';

const AREA = 'catalogue';
const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;
const remember = { maxEntries: 100, ttlMs: 10_000 };

/** A cache in "another process": an in-process one whose lookups the test counts. */
function countedCache(cache: Cache = new InProcessCache()) {
  const lookups: string[] = [];
  const counted: Cache = {
    get: (key) => {
      lookups.push(key);
      return cache.get(key);
    },
    set: (key, value, ttl) => cache.set(key, value, ttl),
    generation: (area) => cache.generation(area),
    advance: (areas) => cache.advance(areas),
    close: () => cache.close(),
  };
  return { cache: counted, lookups, inner: cache };
}

/** Reads `key` with a loader that answers `value` and counts its calls. */
const reader = (reads: CachedReads) => {
  const loads: string[] = [];
  const read = (key: string, value: unknown, fresh = false) =>
    reads.read(
      AREA,
      key,
      () => {
        loads.push(key);
        return Promise.resolve(value);
      },
      { fresh },
    );
  return { read, loads };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('CachedReads remembering the answers of a cache in another process', () => {
  it('answers a repeated read under the same generation without asking the cache again', async () => {
    const { cache, lookups } = countedCache();
    const { read, loads } = reader(new CachedReads(cache, 60, silent, remember));
    expect(await read('page-0', [1])).toEqual({ loaded: [1] });
    expect(await read('page-0', [2])).toEqual({ json: '[1]' });
    expect(await read('page-0', [3])).toEqual({ json: '[1]' });
    expect(loads).toEqual(['page-0']);
    expect(lookups).toHaveLength(1);
  });

  it("remembers an answer another process stored (the projector's hot answers) once read", async () => {
    const { cache, lookups, inner } = countedCache();
    const reads = new CachedReads(cache, 60, silent, remember);
    await inner.set('toolforge:query:catalogue:0:home', '["hot"]', 60);
    const { read, loads } = reader(reads);
    expect(await read('home', ['cold'])).toEqual({ json: '["hot"]' });
    expect(await read('home', ['cold'])).toEqual({ json: '["hot"]' });
    expect(lookups).toHaveLength(1);
    expect(loads).toEqual([]);
  });

  it('reads the new answer once a commit moved the area to a new generation', async () => {
    const { cache } = countedCache();
    const { read } = reader(new CachedReads(cache, 60, silent, remember));
    await read('page-0', ['before']);
    await cache.advance([AREA]);
    expect(await read('page-0', ['after'])).toEqual({ loaded: ['after'] });
    expect(await read('page-0', ['later'])).toEqual({ json: '["after"]' });
  });

  it('forgets everything once a generation lower than one seen comes back (Redis restarted empty)', async () => {
    const before = countedCache();
    await before.cache.advance([AREA]);
    await before.cache.advance([AREA]);
    let current = before.cache;
    const switching: Cache = {
      get: (key) => current.get(key),
      set: (key, value, ttl) => current.set(key, value, ttl),
      generation: (area) => current.generation(area),
      advance: (areas) => current.advance(areas),
      close: () => current.close(),
    };
    const { read } = reader(new CachedReads(switching, 60, silent, remember));
    expect(await read('page-0', ['old era'])).toEqual({ loaded: ['old era'] });

    const restarted = countedCache();
    current = restarted.cache;
    expect(await read('page-0', ['new era at 0'])).toEqual({ loaded: ['new era at 0'] });
    // The new Redis reaches the generation number the old one had: the old era's answer is gone.
    await restarted.cache.advance([AREA]);
    await restarted.cache.advance([AREA]);
    expect(await read('page-0', ['new era at 2'])).toEqual({ loaded: ['new era at 2'] });
  });

  it('keeps an answer no longer than its time to live', async () => {
    vi.useFakeTimers();
    const { cache, lookups } = countedCache();
    const { read } = reader(new CachedReads(cache, 60, silent, { maxEntries: 100, ttlMs: 5000 }));
    await read('page-0', [1]);
    await read('page-0', [1]);
    expect(lookups).toHaveLength(1);
    vi.advanceTimersByTime(5001);
    await read('page-0', [1]);
    expect(lookups).toHaveLength(2);
  });

  it('never answers a read-your-writes read, or a read while the cache cannot name the generation, from memory', async () => {
    const { cache } = countedCache();
    const { read, loads } = reader(new CachedReads(cache, 60, silent, remember));
    await read('page-0', ['kept']);
    expect(await read('page-0', ['fresh'], true)).toEqual({ loaded: ['fresh'] });

    const unknownGeneration: Cache = { ...cache, generation: () => Promise.resolve(undefined) };
    const { read: readBlind } = reader(new CachedReads(unknownGeneration, 60, silent, remember));
    expect(await readBlind('page-0', ['from the read model'])).toEqual({ loaded: ['from the read model'] });
    expect(await readBlind('page-0', ['again'])).toEqual({ loaded: ['again'] });
    expect(loads).toEqual(['page-0', 'page-0']);
  });

  it('keeps a local answer (one product) in this process only, never asking or filling the shared cache', async () => {
    const { cache, lookups, inner } = countedCache();
    const reads = new CachedReads(cache, 60, silent, remember);
    const read = (value: unknown) => reads.read(AREA, 'product:p-1', () => Promise.resolve(value), { fresh: false, local: true });
    expect(await read({ name: 'Saw' })).toEqual({ loaded: { name: 'Saw' } });
    expect(await read({ name: 'Plane' })).toEqual({ json: '{"name":"Saw"}' });
    expect(lookups).toEqual([]);
    expect(await inner.get('toolforge:query:catalogue:0:product:p-1')).toBeUndefined();

    // Without remembering (the embedded cache, in this process already), the cache keeps it as any other.
    const embedded = countedCache();
    const inProcess = new CachedReads(embedded.cache, 60, silent);
    await inProcess.read(AREA, 'product:p-1', () => Promise.resolve({ name: 'Saw' }), { fresh: false, local: true });
    expect(await embedded.inner.get('toolforge:query:catalogue:0:product:p-1')).toBe('{"name":"Saw"}');
  });

  it('asks the cache every time when not told to remember (the embedded cache is in this process already)', async () => {
    const { cache, lookups } = countedCache();
    const { read } = reader(new CachedReads(cache, 60, silent));
    await read('page-0', [1]);
    await read('page-0', [1]);
    await read('page-0', [1]);
    expect(lookups).toHaveLength(3);
  });

  it('keeps and sends an answer loaded as JSON (an order list the database wrote) as it came, read-your-writes reads loading it again', async () => {
    const { cache, lookups, inner } = countedCache();
    const reads = new CachedReads(cache, 60, silent, remember);
    const loads: string[] = [];
    const read = (json: string, options: { fresh: boolean; local?: boolean }) =>
      reads.readJson(
        'orders',
        'user:u-1',
        () => {
          loads.push(json);
          return Promise.resolve(json);
        },
        options,
      );
    expect(await read('[{"_id":"o-1"}]', { fresh: false })).toEqual({ json: '[{"_id":"o-1"}]' });
    expect(await inner.get('toolforge:query:orders:0:user:u-1')).toBe('[{"_id":"o-1"}]');
    expect(await read('[]', { fresh: false })).toEqual({ json: '[{"_id":"o-1"}]' });
    expect(await read('[{"_id":"o-2"}]', { fresh: true })).toEqual({ json: '[{"_id":"o-2"}]' });
    expect(loads).toEqual(['[{"_id":"o-1"}]', '[{"_id":"o-2"}]']);
    expect(lookups).toHaveLength(1);
  });
});
