import { describe, expect, it } from 'vitest';
import type { Topic } from '@toolforge/contracts';
import { LogEnd } from './logEnd.js';

/** A log whose ends the test moves, counting how often they are asked for. */
function log(initial: Record<string, number>) {
  const ends = new Map(Object.entries(initial));
  let refreshes = 0;
  return {
    source: {
      endOffsets(topic: Topic) {
        if (topic === 'sales.orders') refreshes += 1;
        return Promise.resolve(
          new Map([...ends].filter(([at]) => at.startsWith(`${topic}/`)).map(([at, end]) => [Number(at.split('/')[1]), end])),
        );
      },
    },
    append: (at: string) => ends.set(at, (ends.get(at) ?? 0) + 1),
    refreshes: () => refreshes,
  };
}

const at = (offset: number, partition = 0) => ({ topic: 'sales.orders', partition, offset });

describe('LogEnd', () => {
  it('holds a position before its partition’s end, and not one at or past it', async () => {
    const end = new LogEnd(log({ 'sales.orders/0': 5 }).source, { refreshIntervalMs: 1 });
    expect(await end.holds([at(4)])).toBe(true);
    expect(await end.holds([at(5)])).toBe(false);
    expect(await end.holds([at(0, 7)])).toBe(false);
  });

  it('asks the log again only for a position beyond what it knows, and sees what was appended since', async () => {
    const state = log({ 'sales.orders/0': 5 });
    const end = new LogEnd(state.source, { refreshIntervalMs: 1 });
    expect(await end.holds([at(0)])).toBe(true);
    const asked = state.refreshes();
    expect(await end.holds([at(3)])).toBe(true);
    expect(state.refreshes()).toBe(asked);
    state.append('sales.orders/0');
    expect(await end.holds([at(5)])).toBe(true);
    expect(state.refreshes()).toBe(asked + 1);
  });

  it('serves every question about far positions that come together with one refresh', async () => {
    const state = log({ 'sales.orders/0': 5 });
    const end = new LogEnd(state.source, { refreshIntervalMs: 50 });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => end.holds([at(1_000_000 + index)])));
    expect(answers.every((held) => !held)).toBe(true);
    expect(state.refreshes()).toBe(1);
  });
});
