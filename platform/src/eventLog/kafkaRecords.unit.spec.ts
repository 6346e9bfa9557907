import { describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import { HEADERS, fromRecord, toRecord } from './kafkaRecords.js';

const event: ShopEvent = {
  type: 'ProductDeleted',
  data: { productId: 'p-1' },
  meta: { eventId: '4f0d6a57-4a54-4c43-9d0e-6a1f2f3c1b2a', occurredAt: '2026-01-01T00:00:00.000Z', actor: 'u-1', commandId: 'c-1', schemaVersion: 1 },
};
const position = { topic: 'catalog.products', partition: 2, offset: 41 };

/** A record as a Kafka client reads it back: key, value and headers as bytes. */
function asRead(record: ReturnType<typeof toRecord>) {
  return {
    key: Buffer.from(record.key),
    value: Buffer.from(record.value),
    headers: Object.fromEntries(Object.entries(record.headers).map(([name, value]) => [name, Buffer.from(value)])),
  };
}

describe('an event in a Kafka record', () => {
  it('is keyed by its aggregate id and carries its type and stream position in headers', () => {
    const record = toRecord('p-1', 3, event);
    expect(record.key).toBe('p-1');
    expect(record.headers).toEqual({ [HEADERS.type]: 'ProductDeleted', [HEADERS.streamPosition]: '3' });
    expect(JSON.parse(record.value)).toEqual({ type: event.type, data: event.data, meta: event.meta });
  });

  it('reads back as the stored event at its position', () => {
    expect(fromRecord(position, asRead(toRecord('p-1', 3, event)))).toEqual({ ...event, position, streamId: 'p-1', streamPosition: 3 });
  });

  it('refuses a record without a key or stream position, naming where it is', () => {
    const read = asRead(toRecord('p-1', 3, event));
    expect(() => fromRecord(position, { ...read, key: null })).toThrow('catalog.products/2/41');
    expect(() => fromRecord(position, { ...read, headers: {} })).toThrow(/not a ToolForge event/);
  });
});
