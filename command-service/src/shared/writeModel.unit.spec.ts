import { describe, expect, it } from 'vitest';
import { ALL_TOPICS, CURRENT_SCHEMA_VERSION, UNREADABLE_RECORD, type Topic } from '@toolforge/contracts';
import type { EventLog, StoredEvent } from '@toolforge/platform';
import { productAdded } from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { productStates } from '../catalog/catalogue.js';
import { orderStates } from '../orders/orderStates.js';
import { WriteModel } from './writeModel.js';

/** A log that holds these events of catalog.products partition 0 and nothing else. */
function logOf(events: readonly StoredEvent[]): EventLog {
  const topic: Topic = 'catalog.products';
  return {
    append: () => Promise.reject(new Error('read only')),
    appendBatch: () => Promise.reject(new Error('read only')),
    async *readAll({ topics = ALL_TOPICS, from } = {}) {
      if (!topics.includes(topic)) return;
      const start = (await from?.(topic, 0)) ?? 0;
      const page = events.filter((event) => event.position.offset >= start);
      if (page.length > 0) yield { topic, partition: 0, events: page };
    },
    close: () => Promise.resolve(undefined),
  };
}

describe('the write model', () => {
  it('skips, with a warning, what it cannot read (another writer’s record, an unknown type, a newer version) and reads on', async () => {
    const drill = productAdded({ productId: 'p-drill' });
    const newer = productAdded({ productId: 'p-newer' }, { schemaVersion: CURRENT_SCHEMA_VERSION + 1 });
    const vise = productAdded({ productId: 'p-vise' });
    const foreign = {
      type: UNREADABLE_RECORD,
      data: {
        reason: 'the record at catalog.products/0/1 is not a ToolForge event: the record has no key or no value',
        key: null,
        value: 'x',
        headers: {},
      },
      meta: undefined,
      position: { topic: 'catalog.products', partition: 0, offset: 1 },
      streamId: '',
      streamPosition: 0,
    } as unknown as StoredEvent;
    const renamed = { ...stored(drill, 2, 2), type: 'ProductRenamed' } as unknown as StoredEvent;
    const events = [stored(drill, 0), foreign, renamed, stored(newer, 3), stored(vise, 4)];
    const warnings: Record<string, unknown>[] = [];
    const products = productStates(orderStates());
    const model = new WriteModel([products], { warn: (details) => warnings.push(details as Record<string, unknown>) });

    await model.catchUp(logOf(events));

    expect([...products.ids()]).toEqual(['p-drill', 'p-vise']);
    expect(warnings).toEqual([
      { position: 'catalog.products/0/1', type: UNREADABLE_RECORD, why: expect.stringContaining('not a ToolForge event') },
      { position: 'catalog.products/0/2', type: 'ProductRenamed', why: 'unknown event type "ProductRenamed"' },
      { position: 'catalog.products/0/3', type: 'ProductAdded', why: expect.stringContaining('written by a newer ToolForge') },
    ]);
    // An event it cannot read still takes its place in its stream: the next append comes after it.
    expect(model.version('catalog.products', 'p-drill')).toBe(2);
    // Read past: a second catch-up finds nothing new and warns no more.
    await model.catchUp(logOf(events));
    expect(warnings).toHaveLength(3);
  });
});
