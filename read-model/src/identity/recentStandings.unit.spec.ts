import { describe, expect, it } from 'vitest';
import type { UserStanding } from '@toolforge/platform';
import { RecentStandings } from './recentStandings.js';

/** A read model whose standings the test sets, counting the reads. */
function fakeStore() {
  const standings = new Map<string, UserStanding>();
  const reads: string[] = [];
  let failing = false;
  return {
    standings,
    reads,
    fail: (value: boolean) => (failing = value),
    userStanding(uid: string) {
      reads.push(uid);
      if (failing) return Promise.reject(new Error('read model down'));
      return Promise.resolve(standings.get(uid));
    },
  };
}

describe('RecentStandings', () => {
  const admin: UserStanding = { admin: true, version: 2, sessionsEndedAt: 0 };
  const revoked: UserStanding = { admin: false, version: 3, sessionsEndedAt: 3 };

  it('uses a standing again for less than its maximum age, then reads it again', async () => {
    const store = fakeStore();
    let now = 0;
    const standings = new RecentStandings(store, { maxAgeMs: 1000, now: () => now });
    store.standings.set('u-1', admin);
    expect(await standings.of('u-1')).toEqual(admin);

    store.standings.set('u-1', revoked);
    now = 999;
    expect(await standings.of('u-1')).toEqual(admin);
    now = 1000;
    expect(await standings.of('u-1')).toEqual(revoked);
    expect(store.reads).toEqual(['u-1', 'u-1']);
  });

  it('reads every time with a maximum age of 0', async () => {
    const store = fakeStore();
    const standings = new RecentStandings(store, { maxAgeMs: 0, now: () => 0 });
    await standings.of('u-1');
    await standings.of('u-1');
    expect(store.reads).toEqual(['u-1', 'u-1']);
  });

  it('shares one read between concurrent requests, and keeps no failed read', async () => {
    const store = fakeStore();
    const standings = new RecentStandings(store, { maxAgeMs: 1000, now: () => 0 });
    store.fail(true);
    const [first, second] = [standings.of('u-1'), standings.of('u-1')];
    await expect(first).rejects.toThrow('read model down');
    await expect(second).rejects.toThrow('read model down');
    expect(store.reads).toEqual(['u-1']);

    store.fail(false);
    store.standings.set('u-1', admin);
    expect(await standings.of('u-1')).toEqual(admin);
  });

  it('keeps at most maxEntries accounts, forgetting the oldest reads first', async () => {
    const store = fakeStore();
    const standings = new RecentStandings(store, { maxAgeMs: 1000, maxEntries: 2, now: () => 0 });
    for (const uid of ['u-1', 'u-2', 'u-3']) await standings.of(uid);
    await standings.of('u-3');
    await standings.of('u-2');
    await standings.of('u-1');
    expect(store.reads).toEqual(['u-1', 'u-2', 'u-3', 'u-1']);
  });
});
