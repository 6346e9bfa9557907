import { describe, expect, it } from 'vitest';
import { CheckpointWaiter } from './checkpointWaiter.js';

/** Checkpoints held in a map, as a projector would move them. */
function checkpoints(initial: Record<string, number> = {}) {
  const offsets = new Map(Object.entries(initial));
  let reads = 0;
  return {
    reader: {
      async nextOffset(topic: string, partition: number) {
        reads += 1;
        return offsets.get(`${topic}/${partition}`) ?? 0;
      },
    },
    move: (key: string, next: number) => offsets.set(key, next),
    reads: () => reads,
  };
}

const order41 = { topic: 'sales.orders', partition: 0, offset: 41 };

describe('CheckpointWaiter', () => {
  it('answers at once when the checkpoint is already past the position', async () => {
    const { reader } = checkpoints({ 'sales.orders/0': 42 });
    expect(await new CheckpointWaiter(reader).waitFor([order41], 2000)).toBe(true);
  });

  it('is not satisfied by a checkpoint that is at the position (the event there is not applied yet)', async () => {
    const { reader } = checkpoints({ 'sales.orders/0': 41 });
    expect(await new CheckpointWaiter(reader, { pollIntervalMs: 5 }).waitFor([order41], 30)).toBe(false);
  });

  it('resumes as soon as it is woken after the checkpoint moves, long before its next poll', async () => {
    const state = checkpoints({ 'sales.orders/0': 10 });
    const waiter = new CheckpointWaiter(state.reader, { pollIntervalMs: 60_000 });
    const started = Date.now();
    const waiting = waiter.waitFor([order41], 5000);
    setTimeout(() => {
      state.move('sales.orders/0', 42);
      waiter.wake();
    }, 20);
    expect(await waiting).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('notices a checkpoint moved elsewhere by polling', async () => {
    const state = checkpoints();
    const waiter = new CheckpointWaiter(state.reader, { pollIntervalMs: 10 });
    setTimeout(() => state.move('sales.orders/0', 42), 30);
    expect(await waiter.waitFor([order41], 2000)).toBe(true);
    expect(state.reads()).toBeGreaterThan(1);
  });

  it('waits for every position it is given, and gives up at the bound', async () => {
    const state = checkpoints({ 'sales.orders/0': 42, 'identity.users/0': 3 });
    const waiter = new CheckpointWaiter(state.reader, { pollIntervalMs: 10 });
    const started = Date.now();
    const satisfied = await waiter.waitFor([order41, { topic: 'identity.users', partition: 0, offset: 3 }], 100);
    expect(satisfied).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });
});
