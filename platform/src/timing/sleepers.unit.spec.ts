import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Sleepers } from './sleepers.js';

/** A sleep of `ms` on `sleepers` is still under way `stillAt` ms in, and over at `ms`. */
async function expectToSleep(sleepers: Sleepers, ms: number, stillAt: number) {
  let done = false;
  const sleeping = sleepers.sleep(ms).then(() => (done = true));
  await vi.advanceTimersByTimeAsync(stillAt);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(ms - stillAt);
  await sleeping;
  expect(done).toBe(true);
}

describe('Sleepers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves a sleep after its time', async () => {
    await expectToSleep(new Sleepers(), 1000, 999);
  });

  it('ends every sleep under way at wakeAll, and only those', async () => {
    const sleepers = new Sleepers();
    const woken: number[] = [];
    const first = sleepers.sleep(60_000).then(() => woken.push(1));
    const second = sleepers.sleep(60_000).then(() => woken.push(2));
    sleepers.wakeAll();
    await Promise.all([first, second]);
    expect(woken).toEqual([1, 2]);

    await expectToSleep(sleepers, 1000, 10);
    expect(vi.getTimerCount()).toBe(0);
  });
});
