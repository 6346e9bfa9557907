import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckpointWaiter } from './checkpointWaiter.js';

/** Checkpoints held in a map, as a projector would move them; every read of them is counted. */
function checkpoints(initial: Record<string, number> = {}) {
  const offsets = new Map(Object.entries(initial));
  let reads = 0;
  return {
    reader: {
      checkpoints() {
        reads += 1;
        return Promise.resolve(
          [...offsets].map(([at, nextOffset]) => {
            const [topic, partition] = at.split('/');
            return { topic: topic!, partition: Number(partition), nextOffset };
          }),
        );
      },
    },
    move: (at: string, next: number) => offsets.set(at, next),
    reads: () => reads,
  };
}

const order41 = { topic: 'sales.orders', partition: 0, offset: 41 };

describe('CheckpointWaiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers at once when the checkpoint is already past the position', async () => {
    const { reader } = checkpoints({ 'sales.orders/0': 42 });
    expect(await new CheckpointWaiter(reader).waitFor([order41], 2000)).toBe('passed');
  });

  it('is not satisfied by a checkpoint that is at the position (the event there is not applied yet)', async () => {
    const { reader } = checkpoints({ 'sales.orders/0': 41 });
    expect(await new CheckpointWaiter(reader, { pollIntervalMs: 5 }).waitFor([order41], 30)).toBe('timed-out');
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
    expect(await waiting).toBe('passed');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('notices a checkpoint moved elsewhere by polling', async () => {
    const state = checkpoints();
    const waiter = new CheckpointWaiter(state.reader, { pollIntervalMs: 10 });
    setTimeout(() => state.move('sales.orders/0', 42), 30);
    expect(await waiter.waitFor([order41], 2000)).toBe('passed');
    expect(state.reads()).toBeGreaterThan(1);
  });

  it('waits for every position it is given, and gives up at the bound', async () => {
    const state = checkpoints({ 'sales.orders/0': 42, 'identity.users/0': 3 });
    const waiter = new CheckpointWaiter(state.reader, { pollIntervalMs: 10 });
    const outcome = await waiter.waitFor([order41, { topic: 'identity.users', partition: 0, offset: 3 }], 100);
    expect(outcome).toBe('timed-out');
  });

  it('serves any number of concurrent waits with one checkpoint read per tick', async () => {
    const state = checkpoints({ 'sales.orders/0': 10 });
    const waiter = new CheckpointWaiter(state.reader, { pollIntervalMs: 60_000 });
    const waits = Array.from({ length: 200 }, (_, index) => waiter.waitFor([{ ...order41, offset: 41 + (index % 3) }], 5000));
    // One read for all 200 when they arrived, none of them passed yet.
    await vi.waitFor(() => expect(state.reads()).toBe(1));
    expect(waiter.waiting).toBe(200);

    state.move('sales.orders/0', 44);
    waiter.wake();
    expect(new Set(await Promise.all(waits))).toEqual(new Set(['passed']));
    // …and one more when the projector's commit woke the watcher: every wait settled on it.
    expect(state.reads()).toBe(2);
  });

  it('reads nothing while nobody waits, and polls each tick while someone does', async () => {
    vi.useFakeTimers();
    const state = checkpoints({ 'sales.orders/0': 10 });
    const waiter = new CheckpointWaiter(state.reader, { pollIntervalMs: 25 });
    const waits = Array.from({ length: 50 }, () => waiter.waitFor([order41], 1000));
    await vi.advanceTimersByTimeAsync(240);
    // Ten ticks of 25 ms in 240 ms (the first read at once): never one read per waiter.
    expect(state.reads()).toBe(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(new Set(await Promise.all(waits))).toEqual(new Set(['timed-out']));
    const afterwards = state.reads();
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.reads()).toBe(afterwards);
  });

  it('answers "busy" at once when as many requests as allowed already wait', async () => {
    const state = checkpoints({ 'sales.orders/0': 10 });
    const waiter = new CheckpointWaiter(state.reader, { pollIntervalMs: 60_000, maxWaiters: 2 });
    const first = waiter.waitFor([order41], 5000);
    const second = waiter.waitFor([order41], 5000);
    expect(await waiter.waitFor([order41], 5000)).toBe('busy');
    state.move('sales.orders/0', 42);
    waiter.wake();
    expect([await first, await second]).toEqual(['passed', 'passed']);
  });

  it('lets a wait be canceled: it ends at once and frees its place', async () => {
    const state = checkpoints({ 'sales.orders/0': 10 });
    const waiter = new CheckpointWaiter(state.reader, { pollIntervalMs: 60_000, maxWaiters: 1 });
    const caller = new AbortController();
    const waiting = waiter.waitFor([order41], 60_000, caller.signal);
    expect(await waiter.waitFor([order41], 5000)).toBe('busy');
    caller.abort();
    expect(await waiting).toBe('canceled');
    expect(waiter.waiting).toBe(0);
    // An aborted signal cancels before the wait begins; the freed place takes the next wait.
    expect(await waiter.waitFor([order41], 5000, caller.signal)).toBe('canceled');
    const next = waiter.waitFor([order41], 5000);
    expect(waiter.waiting).toBe(1);
    state.move('sales.orders/0', 42);
    waiter.wake();
    expect(await next).toBe('passed');
  });
});
