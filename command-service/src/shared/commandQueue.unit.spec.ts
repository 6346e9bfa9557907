import { afterEach, describe, expect, it, vi } from 'vitest';
import { addProductSchema } from '@toolforge/contracts';
import type { EventLog } from '@toolforge/platform';
import { Catalogue, productStates } from '../catalog/catalogue.js';
import { orderStates } from '../orders/orderStates.js';
import { CommandHandler } from './commandHandler.js';
import { ShopBusy } from './commandQueue.js';
import { WriteModel } from './writeModel.js';
import { validProduct } from '../test/harness.js';
import { memoryLog } from '../test/memoryLog.js';

/** A log whose batches hang until the test lets them commit, one by one. */
function slowLog() {
  const held: (() => void)[] = [];
  const memory = memoryLog(() => new Promise<void>((commit) => held.push(commit)));
  return {
    ...memory,
    /** Lets the oldest batch under way commit. */
    commitNext: async () => {
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
      held.shift()!();
    },
  };
}

const drill = addProductSchema.parse(validProduct);

/** One command per batch: one batch is written, one gathers, and the next command waits for room in its turn. */
function shopOn(log: EventLog, limits: { deadlineMs: number; limit: number }) {
  const products = productStates(orderStates());
  const handler = new CommandHandler({ log, model: new WriteModel([products]), limits, batchLimits: { maxAppends: 1, maxBytes: 1 << 20 } });
  return new Catalogue({ handler, products });
}

describe('CommandHandler: commands with a deadline and a bounded queue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a command at once when as many wait as allowed, and appends nothing for it', async () => {
    const state = slowLog();
    const shop = shopOn(state.log, { deadlineMs: 60_000, limit: 2 });
    // One being written, one gathered behind it, one waiting in its turn for room: all started.
    const started = [shop.addProduct(null, drill)];
    await vi.waitFor(() => expect(state.appends).toHaveLength(1));
    started.push(shop.addProduct(null, drill), shop.addProduct(null, drill));
    // Turns pass on in promise callbacks: by the next turn of the event loop both have started.
    await new Promise((resolve) => setImmediate(resolve));
    const queued = [shop.addProduct(null, drill), shop.addProduct(null, drill)];
    await expect(shop.addProduct(null, drill)).rejects.toEqual(new ShopBusy('queue-full'));

    for (let commit = 0; commit < 5; commit += 1) await state.commitNext();
    await Promise.all([...started, ...queued]);
    expect(state.appends).toHaveLength(5);
  });

  it('refuses a command whose turn does not come before its deadline, never starting it later', async () => {
    vi.useFakeTimers();
    const state = slowLog();
    const shop = shopOn(state.log, { deadlineMs: 1000, limit: 10 });
    // One being written, one gathered behind it, one waiting in its turn for room: all started.
    const started = [shop.addProduct(null, drill), shop.addProduct(null, drill), shop.addProduct(null, drill)];
    const late = shop.addProduct(null, drill);
    const lateOutcome = late.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(1000);
    expect(await lateOutcome).toEqual(new ShopBusy('deadline'));

    // The commands that had started when the deadline passed are not failed: their batches commit.
    await vi.advanceTimersByTimeAsync(5000);
    for (let commit = 0; commit < 3; commit += 1) await state.commitNext();
    for (const command of started) expect((await command).productId).toBeTruthy();
    expect(state.appends).toHaveLength(3);

    // The queue goes on with the next command.
    const next = shop.addProduct(null, drill);
    await state.commitNext();
    expect((await next).position).toMatch(/^catalog\.products\/0\/3$/);
    expect(state.appends).toHaveLength(4);
  });
});
