import { describe, expect, it } from 'vitest';
import { ConcurrencyError, type AppendRequest, type EventLog } from '@toolforge/platform';
import { TOPICS, addProductSchema } from '@toolforge/contracts';
import { productStates } from '../catalog/catalogue.js';
import { productDecider } from '../catalog/decide.js';
import { orderStates } from '../orders/orderStates.js';
import { validProduct } from '../test/harness.js';
import { memoryLog } from '../test/memoryLog.js';
import { CommandHandler, EventContractBroken, streamOf } from './commandHandler.js';
import type { ConsequenceContext } from './consequences.js';
import type { Decided } from './decider.js';
import { WriteModel, type ModelEvent, type WriteModelPart } from './writeModel.js';

const drill = addProductSchema.parse(validProduct);

/** A counter folded from the log, as a document's sequence is: how many stock adjustments the model holds. */
class Adjustments implements WriteModelPart {
  count = 0;
  apply(event: ModelEvent): void {
    if (event.type === 'StockAdjusted') this.count += 1;
  }
  clear(): void {
    this.count = 0;
  }
}

/**
 * A shop whose every ProductAdded is followed by a StockAdjusted numbered from the model's counter
 * (and the adjustments earlier in the same append), the shape of an invoice following a payment.
 */
function shopOn(log: EventLog, delta = 1) {
  const states = productStates(orderStates());
  const adjustments = new Adjustments();
  const model = new WriteModel([states, adjustments]);
  let seconds = 0;
  // Every call moves the clock: one instant per decision shows in equal occurredAt.
  const clock = () => new Date(Date.UTC(2026, 0, 1, 0, 0, (seconds += 1)));
  const handler = new CommandHandler({ log, model, clock });
  const contexts: ConsequenceContext[] = [];
  handler.follow({
    facts: ['ProductAdded'],
    decide: (fact, context) => {
      contexts.push(context);
      const number = adjustments.count + context.earlier.filter((earlier) => earlier.type === 'StockAdjusted').length + 1;
      return [{ type: 'StockAdjusted', data: { productId: fact.data.productId, delta, reason: `stamp ${number}` } }];
    },
  });
  const add = (productId: string) =>
    handler.handle(
      streamOf(TOPICS.products, productId, states),
      (state) => productDecider.decide({ type: 'AddProduct', data: { ...drill, productId } }, state),
      { actor: 'admin-uid' },
    );
  return { add, contexts, adjustments, handler, states };
}

const reasons = (requests: readonly AppendRequest[]) =>
  requests.flatMap((request) =>
    request.events.filter((event) => event.type === 'StockAdjusted').map((event) => (event as Decided<typeof event>).data),
  );

describe('CommandHandler.follow: consequences in the same append', () => {
  it('appends what a fact owes right after it, on its stream, in the same append, dated with the command’s instant', async () => {
    const { log, appends } = memoryLog();
    const { add, contexts } = shopOn(log);

    const added = await add('p1');

    expect(appends).toHaveLength(1);
    const [request] = appends;
    expect(request!.events.map((event) => event.type)).toEqual(['ProductAdded', 'StockAdjusted']);
    expect(request!.events[1]).toMatchObject({ data: { productId: 'p1', delta: 1, reason: 'stamp 1' }, meta: { actor: 'admin-uid' } });
    const [placed, follower] = request!.events;
    expect(follower!.meta.occurredAt).toBe(placed!.meta.occurredAt);
    expect(follower!.meta.commandId).toBe(placed!.meta.commandId);
    expect(contexts[0]!.now.toISOString()).toBe(placed!.meta.occurredAt);
    expect(contexts[0]).toMatchObject({ topic: TOPICS.products, streamId: 'p1', earlier: [{ type: 'ProductAdded' }] });
    expect(added).toMatchObject({ version: 2, position: 'catalog.products/0/1' });
  });

  it('applies the consequences to the write model before the next command: one decided while the first is on its way counts on', async () => {
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const { log, appends } = memoryLog(() => held);
    const { add, contexts, adjustments } = shopOn(log);

    const all = Promise.all([add('p1'), add('p2'), add('p3')]);
    // Nothing reaches the log while it is held: each command is decided on the model holding the stamps before it.
    for (let turn = 0; turn < 100 && contexts.length < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(contexts).toHaveLength(3);
    expect(adjustments.count).toBe(3);
    open();
    await all;

    expect(reasons(appends).map((data) => data.reason)).toEqual(['stamp 1', 'stamp 2', 'stamp 3']);
    expect(appends.map((request) => request.events.map((event) => event.type))).toEqual(
      Array.from({ length: 3 }, () => ['ProductAdded', 'StockAdjusted']),
    );
  });

  it('refuses the command before hand-over when a consequence breaks its event’s contract, appending nothing', async () => {
    const { log, appends } = memoryLog();
    const { add, states } = shopOn(log, 0);

    await expect(add('p1')).rejects.toBeInstanceOf(EventContractBroken);
    await expect(add('p1')).rejects.toMatchObject({ breach: expect.stringContaining('StockAdjusted data.delta') });
    expect(appends).toEqual([]);
    expect(states.has('p1')).toBe(false);
  });

  it('decides the consequences again with the command after a ConcurrencyError, on the model read again', async () => {
    const { log, appends } = memoryLog();
    let refusals = 1;
    const contested: EventLog = {
      ...log,
      appendBatch: (requests) => {
        if (refusals-- > 0) return Promise.reject(new ConcurrencyError(requests[0]!.streamId, requests[0]!.expectedVersion));
        return log.appendBatch(requests);
      },
    };
    const { add, contexts, adjustments } = shopOn(contested);

    await add('p1');

    expect(contexts).toHaveLength(2);
    // The refused append's stamp was forgotten with it: the one appended is still the first.
    expect(reasons(appends).map((data) => data.reason)).toEqual(['stamp 1']);
    expect(adjustments.count).toBe(1);
  });

  it('follows only the command’s own facts: a consequence’s facts are not followed in turn', async () => {
    const { log, appends } = memoryLog();
    const { add, handler } = shopOn(log);
    // A rule on the consequence's own type would chase itself; it is never asked.
    handler.follow({
      facts: ['StockAdjusted'],
      decide: () => {
        throw new Error('a consequence was followed');
      },
    });

    await add('p1');
    expect(appends[0]!.events.map((event) => event.type)).toEqual(['ProductAdded', 'StockAdjusted']);
  });
});
