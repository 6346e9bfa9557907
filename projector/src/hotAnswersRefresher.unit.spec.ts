import { describe, expect, it } from 'vitest';
import { InProcessCache, cachedAnswerKey, type Cache, type HotAnswers } from '@toolforge/platform/cache';
import { CACHE_AREAS, type ProductView } from '@toolforge/read-model';
import { HotAnswersRefresher } from './hotAnswersRefresher.js';

/** A read model whose reads wait until the test lets them go, counting the refreshes. */
function gatedStore() {
  const gates: (() => void)[] = [];
  let lists = 0;
  let count = 0;
  return {
    store: {
      async listProducts(): Promise<ProductView[]> {
        lists += 1;
        await new Promise<void>((open) => gates.push(open));
        return [];
      },
      countProducts() {
        return Promise.resolve(count);
      },
    },
    setCount: (value: number) => (count = value),
    lists: () => lists,
    /** Lets the reads waiting now go on. */
    release: () => gates.splice(0).forEach((open) => open()),
    waiting: () => gates.length,
  };
}

/** The in-process cache with some of its answers changed. */
function cacheWith(cache: InProcessCache, changes: Partial<Cache>): Cache {
  return {
    get: (key) => cache.get(key),
    set: (key, value, ttl) => cache.set(key, value, ttl),
    generation: (area) => cache.generation(area),
    advance: (areas) => cache.advance(areas),
    close: () => cache.close(),
    ...changes,
  };
}

const countKey = (generation: number) => cachedAnswerKey(CACHE_AREAS.catalogue, generation, 'count');

/** One answer, the count, made after a list is read (which a gated store holds back): the refresher cares not what the answers are. */
function countAnswers(store: { listProducts(): Promise<unknown>; countProducts(): Promise<number> }): HotAnswers {
  return {
    area: CACHE_AREAS.catalogue,
    async load() {
      await store.listProducts();
      return new Map([['count', JSON.stringify({ count: await store.countProducts() })]]);
    },
  };
}

describe('HotAnswersRefresher', () => {
  it('coalesces the commits that arrive during a refresh into one more refresh, with what they committed', async () => {
    const cache = new InProcessCache();
    const read = gatedStore();
    const refresher = new HotAnswersRefresher({ cache, answers: countAnswers(read.store) });

    refresher.refresh();
    await expect.poll(read.waiting).toBe(1);
    // Five commits while the first refresh waits on the read model.
    for (let n = 1; n <= 5; n += 1) {
      await cache.advance([CACHE_AREAS.catalogue]);
      read.setCount(n);
      refresher.refresh();
    }
    read.release();
    await expect.poll(read.waiting).toBe(1);
    read.release();
    await refresher.settled();

    expect(read.lists()).toBe(2);
    // The second refresh ran after the last commit: the current generation has its answer.
    expect(await cache.get(countKey(5))).toBe('{"count":5}');
  });

  it('rests before the refresh commits made due, four times as long as the one before took, and not when none is due', async () => {
    const cache = new InProcessCache();
    const read = gatedStore();
    let clock = 0;
    const rests: number[] = [];
    const refresher = new HotAnswersRefresher({
      cache,
      answers: countAnswers(read.store),
      now: () => clock,
      rest: (ms) => {
        rests.push(ms);
        return Promise.resolve();
      },
    });

    refresher.refresh();
    await expect.poll(read.waiting).toBe(1);
    await cache.advance([CACHE_AREAS.catalogue]);
    refresher.refresh();
    // The first refresh takes 15 ms; the one the commit made due then waits 60 ms first.
    clock += 15;
    read.release();
    await expect.poll(read.waiting).toBe(1);
    clock += 5;
    read.release();
    await refresher.settled();
    expect(rests).toEqual([60]);
    expect(read.lists()).toBe(2);

    // A refresh with nothing due after it rests not at all.
    refresher.refresh();
    await expect.poll(read.waiting).toBe(1);
    clock += 40;
    read.release();
    await refresher.settled();
    expect(rests).toEqual([60]);
  });

  it('logs a failed refresh and keeps refreshing on the next commit', async () => {
    const errors: string[] = [];
    const cache = new InProcessCache();
    let fail = true;
    const failing = cacheWith(cache, {
      set: (key, value, ttl) => (fail ? Promise.reject(new Error('Redis went away')) : cache.set(key, value, ttl)),
    });
    const store = { listProducts: () => Promise.resolve([]), countProducts: () => Promise.resolve(3) };
    const refresher = new HotAnswersRefresher({
      cache: failing,
      answers: countAnswers(store),
      logger: { error: (_details, message) => errors.push(message) },
    });

    refresher.refresh();
    await refresher.settled();
    expect(errors).toEqual(['could not refresh the hot catalogue answers in the cache']);
    expect(await cache.get(countKey(0))).toBeUndefined();

    fail = false;
    refresher.refresh();
    await refresher.settled();
    expect(await cache.get(countKey(0))).toBe('{"count":3}');
  });

  it('refreshes nothing while the cache cannot say which generation is current', async () => {
    const cache = new InProcessCache();
    const store = { listProducts: () => Promise.resolve([]), countProducts: () => Promise.resolve(3) };
    const refresher = new HotAnswersRefresher({
      cache: cacheWith(cache, { generation: () => Promise.resolve(undefined) }),
      answers: countAnswers(store),
    });
    refresher.refresh();
    await refresher.settled();
    expect(await cache.get(countKey(0))).toBeUndefined();
  });
});
