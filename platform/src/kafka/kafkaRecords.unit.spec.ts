import { describe, expect, it } from 'vitest';
import { UNREADABLE_RECORD, type ShopEvent, type UnreadableRecordData } from '@toolforge/contracts';
import { HEADERS, fromRecord, toRecord } from './kafkaRecords.js';

const event: ShopEvent = {
  type: 'ProductDeleted',
  data: { productId: 'p-1' },
  meta: {
    eventId: '4f0d6a57-4a54-4c43-9d0e-6a1f2f3c1b2a',
    occurredAt: '2026-01-01T00:00:00.000Z',
    actor: 'u-1',
    commandId: 'c-1',
    schemaVersion: 1,
  },
};
const position = { topic: 'catalog.products', partition: 2, offset: 41 };
const chain = { previous: 'a'.repeat(64), hash: 'b'.repeat(64) };

/** A record as a Kafka client reads it back: key, value and headers as bytes. */
function asRead(record: ReturnType<typeof toRecord>) {
  return {
    key: Buffer.from(record.key),
    value: Buffer.from(record.value),
    headers: Object.fromEntries(Object.entries(record.headers).map(([name, value]) => [name, Buffer.from(value)])),
  };
}

describe('an event in a Kafka record', () => {
  it('is keyed by its aggregate id, carries its type and stream position in headers, and its chain in the envelope', () => {
    const record = toRecord('p-1', 3, event, chain);
    expect(record.key).toBe('p-1');
    expect(record.headers).toEqual({ [HEADERS.type]: 'ProductDeleted', [HEADERS.streamPosition]: '3' });
    expect(JSON.parse(record.value)).toEqual({ type: event.type, data: event.data, meta: event.meta, chain });
  });

  it('reads back as the stored event at its position, with its chain', () => {
    expect(fromRecord(position, asRead(toRecord('p-1', 3, event, chain)))).toEqual({
      ...event,
      position,
      streamId: 'p-1',
      streamPosition: 3,
      chain,
    });
  });

  it('reads a chain that is not two hashes as none', () => {
    for (const bad of ['evil', { previous: 'a'.repeat(64), hash: 7 }, { previous: 'A'.repeat(64), hash: 'b'.repeat(64) }, null]) {
      const value = JSON.stringify({ type: event.type, data: event.data, meta: event.meta, chain: bad });
      const read = { ...asRead(toRecord('p-1', 3, event, chain)), value: Buffer.from(value) };
      expect(fromRecord(position, read), JSON.stringify(bad)).not.toHaveProperty('chain');
    }
  });

  it('reads a record from before the chain without one', () => {
    const { chain: _none, ...unchained } = JSON.parse(toRecord('p-1', 3, event, chain).value) as Record<string, unknown>;
    const read = { ...asRead(toRecord('p-1', 3, event, chain)), value: Buffer.from(JSON.stringify(unchained)) };
    expect(fromRecord(position, read)).toEqual({ ...event, position, streamId: 'p-1', streamPosition: 3 });
  });

  it('hands a record the shop did not write on as an UnreadableRecord at its position, saying why, never throwing', () => {
    const read = asRead(toRecord('p-1', 3, event, chain));
    const unreadable = (record: Parameters<typeof fromRecord>[1]) =>
      fromRecord(position, record) as unknown as { type: string; data: UnreadableRecordData; position: unknown };
    const noKey = unreadable({ ...read, key: null });
    expect(noKey).toMatchObject({ type: UNREADABLE_RECORD, position, data: { key: null, value: read.value.toString() } });
    expect(noKey.data.reason).toBe('the record at catalog.products/2/41 is not a ToolForge event: the record has no key or no value');
    expect(unreadable({ ...read, headers: {} }).data.reason).toMatch(/no valid stream-position header/);
    expect(unreadable({ ...read, value: Buffer.from('{"type":') }).data).toMatchObject({
      reason: expect.stringMatching(/is not JSON/),
      headers: { [HEADERS.type]: 'ProductDeleted', [HEADERS.streamPosition]: '3' },
    });
    expect(unreadable({ ...read, value: Buffer.from('null') }).data.reason).toMatch(/not an event envelope/);
  });

  it('reads an envelope of a type it does not know as it is: whoever reads it decides', () => {
    const renamed = { ...event, type: 'ProductRenamed' } as unknown as ShopEvent;
    expect(fromRecord(position, asRead(toRecord('p-1', 3, renamed, chain))).type).toBe('ProductRenamed');
  });
});
