import { describe, expect, it, vi } from 'vitest';
import { Sleepers } from './sleepers.js';

describe('Sleepers', () => {
  it('resolves a sleep after its time', async () => {
    vi.useFakeTimers();
    try {
      const sleepers = new Sleepers();
      let done = false;
      const sleeping = sleepers.sleep(1000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await sleeping;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends every sleep under way at wakeAll, and only those', async () => {
    vi.useFakeTimers();
    try {
      const sleepers = new Sleepers();
      const woken: number[] = [];
      const first = sleepers.sleep(60_000).then(() => woken.push(1));
      const second = sleepers.sleep(60_000).then(() => woken.push(2));
      sleepers.wakeAll();
      await Promise.all([first, second]);
      expect(woken).toEqual([1, 2]);

      let later = false;
      const after = sleepers.sleep(1000).then(() => (later = true));
      await vi.advanceTimersByTimeAsync(10);
      expect(later).toBe(false);
      await vi.advanceTimersByTimeAsync(990);
      await after;
      expect(later).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
