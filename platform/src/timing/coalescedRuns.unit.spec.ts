import { describe, expect, it } from 'vitest';
import { CoalescedRuns } from './coalescedRuns.js';

describe('CoalescedRuns', () => {
  it('runs once more after the run under way, however often asked meanwhile, resting before it', async () => {
    const events: string[] = [];
    const gates: (() => void)[] = [];
    const runs = new CoalescedRuns(
      async () => {
        events.push('run');
        await new Promise<void>((open) => gates.push(open));
      },
      () => {
        events.push('rest');
        return Promise.resolve();
      },
    );
    runs.request();
    runs.request();
    runs.request();
    expect(events).toEqual(['run']);
    gates.shift()!();
    await expect.poll(() => gates.length).toBe(1);
    expect(events).toEqual(['run', 'rest', 'run']);
    gates.shift()!();
    await runs.settled();
    expect(events).toEqual(['run', 'rest', 'run']);

    // Asked when nothing runs: at once, and no rest after a run nobody asked again for.
    runs.request();
    gates.shift()!();
    await runs.settled();
    expect(events).toEqual(['run', 'rest', 'run', 'run']);
  });
});
