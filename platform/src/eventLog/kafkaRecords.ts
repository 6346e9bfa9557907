import type { EventMeta, LogPosition, ShopEvent, StoredEvent } from '@toolforge/contracts';

/**
 * How an event sits in a Kafka record (DESIGN §3): key = the aggregate id (so one aggregate's
 * events share a partition and keep their order), value = the envelope as JSON, headers = what a
 * reader may want without parsing the value.
 */
export const HEADERS = { type: 'event-type', streamPosition: 'stream-position' } as const;

export interface EventRecord {
  key: string;
  value: string;
  headers: Record<string, string>;
}

export function toRecord(streamId: string, streamPosition: number, event: ShopEvent): EventRecord {
  const { type, data, meta } = event;
  return {
    key: streamId,
    value: JSON.stringify({ type, data, meta }),
    headers: { [HEADERS.type]: type, [HEADERS.streamPosition]: String(streamPosition) },
  };
}

type HeaderValue = Buffer | string | (Buffer | string)[] | undefined;

function header(headers: Readonly<Record<string, HeaderValue>>, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/** The stored event a record holds; a record this shop did not write is an error naming where it is. */
export function fromRecord(
  position: LogPosition,
  record: { key: Buffer | null; value: Buffer | null; headers: Readonly<Record<string, HeaderValue>> },
): StoredEvent {
  const where = `${position.topic}/${position.partition}/${position.offset}`;
  const streamPosition = Number(header(record.headers, HEADERS.streamPosition));
  if (record.key === null || record.value === null || !Number.isInteger(streamPosition) || streamPosition < 1) {
    throw new Error(`the record at ${where} is not a ToolForge event`);
  }
  const envelope = JSON.parse(record.value.toString('utf8')) as { type: string; data: unknown; meta: EventMeta };
  return {
    type: envelope.type,
    data: envelope.data,
    meta: envelope.meta,
    position,
    streamId: record.key.toString('utf8'),
    streamPosition,
  } as StoredEvent;
}
