import { afterEach, describe, expect, it, vi } from 'vitest';
import { addProductSchema } from '@toolforge/contracts';
import type { AppendRequest, AppendResult, EventLog, StoredEvent } from '@toolforge/platform';
import { Catalogue, productStates } from '../catalog/catalogue.js';
import { CommandHandler } from './commandHandler.js';
import { ShopBusy } from './commandQueue.js';
import { WriteModel } from './writeModel.js';
import { validProduct } from '../test/harness.js';

/** A log whose appends hang until the test lets them commit, one by one. */
function slowLog() {
  const appended: AppendRequest[] = [];
  const pending: (() => void)[] = [];
  const log: EventLog = {
    async append(request: AppendRequest): Promise<AppendResult> {
      appended.push(request);
      const offset = appended.length - 1;
      await new Promise<void>((commit) => pending.push(commit));
      const stored = request.events.map((event, index): StoredEvent => ({
        ...event,
        position: { topic: request.topic, partition: 0, offset: offset + index },
        streamId: request.streamId,
        streamPosition: request.expectedVersion + index + 1,
      }));
      return { position: stored.at(-1)!.position, stored };
    },
    // An empty log: an async generator that yields nothing has nothing to await.
    // eslint-disable-next-line @typescript-eslint/require-await
    async *readAll() {
      yield* [];
    },
    close: () => Promise.resolve(undefined),
  };
  return {
    log,
    appended,
    /** Lets the oldest append under way commit. */
    commitNext: async () => {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
      pending.shift()!();
    },
  };
}

const drill = addProductSchema.parse(validProduct);

function shopOn(log: EventLog, limits: { deadlineMs: number; limit: number }) {
  const products = productStates();
  return new Catalogue({ handler: new CommandHandler({ log, model: new WriteModel([products]), limits }), products });
}

describe('CommandHandler: commands with a deadline and a bounded queue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a command at once when as many wait as allowed, and appends nothing for it', async () => {
    const state = slowLog();
    const shop = shopOn(state.log, { deadlineMs: 60_000, limit: 2 });
    const running = shop.addProduct(null, drill);
    await vi.waitFor(() => expect(state.appended).toHaveLength(1));
    const queued = [shop.addProduct(null, drill), shop.addProduct(null, drill)];
    await expect(shop.addProduct(null, drill)).rejects.toEqual(new ShopBusy('queue-full'));

    for (let commit = 0; commit < 3; commit += 1) await state.commitNext();
    await Promise.all([running, ...queued]);
    expect(state.appended).toHaveLength(3);
  });

  it('refuses a command whose turn does not come before its deadline, never starting it later', async () => {
    vi.useFakeTimers();
    const state = slowLog();
    const shop = shopOn(state.log, { deadlineMs: 1000, limit: 10 });
    const running = shop.addProduct(null, drill);
    const late = shop.addProduct(null, drill);
    const lateOutcome = late.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(1000);
    expect(await lateOutcome).toEqual(new ShopBusy('deadline'));

    // The command that was appending when the deadline passed is not failed: its append commits.
    await vi.advanceTimersByTimeAsync(5000);
    await state.commitNext();
    expect((await running).productId).toBeTruthy();
    expect(state.appended).toHaveLength(1);

    // The queue goes on with the next command.
    const next = shop.addProduct(null, drill);
    await state.commitNext();
    expect((await next).position).toMatch(/^catalog\.products\/0\/1$/);
    expect(state.appended).toHaveLength(2);
  });
});
