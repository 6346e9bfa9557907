import { describe, expect, it } from 'vitest';
import { describeCache } from './cache.suite.js';
import { InProcessCache } from './inProcessCache.js';

describeCache('the in-process map', () => Promise.resolve(new InProcessCache()));

describe('InProcessCache', () => {
  it('forgets an entry when its time to live is over', async () => {
    let now = 1_000;
    const cache = new InProcessCache({ now: () => now });
    await cache.set('home', '[]', 60);
    now += 60_000;
    expect(await cache.get('home')).toBe('[]');
    now += 1;
    expect(await cache.get('home')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used first', async () => {
    const cache = new InProcessCache({ maxEntries: 2 });
    await cache.set('a', '1', 60);
    await cache.set('b', '2', 60);
    await cache.get('a');
    await cache.set('c', '3', 60);
    expect(await cache.get('a')).toBe('1');
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('c')).toBe('3');
  });
});
