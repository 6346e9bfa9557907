import { Partitioners } from 'kafkajs';
import { UNREADABLE_RECORD, type LogPosition, type ShopEvent, type UnreadableRecordData } from '@toolforge/contracts';
import type { EventChain } from '../eventLog/chain.js';
import type { StoredEvent } from '../eventLog/eventLog.js';

/**
 * How an event sits in a Kafka record (docs/architecture.md#3-events): key = the aggregate id (so one aggregate's
 * events share a partition and keep their order), value = the envelope as JSON, headers = what a
 * reader may want without parsing the value.
 */
export const HEADERS = { type: 'event-type', streamPosition: 'stream-position' } as const;

export interface EventRecord {
  key: string;
  value: string;
  headers: Record<string, string>;
}

/** The record of an event, with its place in its partition's hash chain in the envelope (docs/audit-trail.md). */
export function toRecord(streamId: string, streamPosition: number, event: ShopEvent, chain: EventChain): EventRecord {
  const { type, data, meta } = event;
  return {
    key: streamId,
    value: JSON.stringify({ type, data, meta, chain }),
    headers: { [HEADERS.type]: type, [HEADERS.streamPosition]: String(streamPosition) },
  };
}

const keyPartitioner = Partitioners.DefaultPartitioner();

/**
 * The partition of a topic with `partitionCount` partitions that a record keyed `key` goes to: the
 * Java client's hash of the key, which the writer's producer uses too.
 */
export function partitionOfKey(key: string, partitionCount: number): number {
  const partitionMetadata = Array.from({ length: partitionCount }, (_, partitionId) => ({
    partitionId,
    leader: 0,
    partitionErrorCode: 0,
    replicas: [],
    isr: [],
  }));
  return keyPartitioner({ topic: '', partitionMetadata, message: { key, value: null } });
}

type HeaderValue = Buffer | string | (Buffer | string)[] | undefined;

function header(headers: Readonly<Record<string, HeaderValue>>, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/**
 * The stored event a record holds. A record this shop did not write (no key or value, no stream
 * position header, no JSON envelope) is handed on as an UnreadableRecord at its position, never
 * thrown: one foreign record must not stop the readers of a partition (the projector sets it aside,
 * the write model skips it).
 */
export function fromRecord(
  position: LogPosition,
  record: { key: Buffer | null; value: Buffer | null; headers: Readonly<Record<string, HeaderValue>> },
): StoredEvent {
  const key = record.key?.toString('utf8') ?? null;
  const value = record.value?.toString('utf8') ?? null;
  const streamPosition = Number(header(record.headers, HEADERS.streamPosition));
  const unreadable = (reason: string) => unreadableRecord(position, { key, value, headers: readHeaders(record.headers) }, reason);
  if (key === null || value === null) return unreadable('the record has no key or no value');
  if (!Number.isInteger(streamPosition) || streamPosition < 1)
    return unreadable(`the record has no valid ${HEADERS.streamPosition} header`);
  let envelope: unknown;
  try {
    envelope = JSON.parse(value);
  } catch (error) {
    return unreadable(`the record's value is not JSON (${(error as Error).message})`);
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope))
    return unreadable("the record's value is not an event envelope");
  const { type, data, meta, chain } = envelope as { type: unknown; data: unknown; meta: unknown; chain?: unknown };
  // A record of a log from before the chain has none; one whose chain is not two hashes is read as
  // having none (`audit verify` reports it), so that no reader, the writer's chain included, takes it on.
  return { type, data, meta, position, streamId: key, streamPosition, ...(isChain(chain) ? { chain } : {}) } as StoredEvent;
}

const HASH = /^[0-9a-f]{64}$/;

function isChain(chain: unknown): chain is EventChain {
  if (typeof chain !== 'object' || chain === null) return false;
  const { previous, hash } = chain as Record<string, unknown>;
  return typeof previous === 'string' && HASH.test(previous) && typeof hash === 'string' && HASH.test(hash);
}

function unreadableRecord(position: LogPosition, record: Omit<UnreadableRecordData, 'reason'>, reason: string): StoredEvent {
  const where = `${position.topic}/${position.partition}/${position.offset}`;
  const data: UnreadableRecordData = { reason: `the record at ${where} is not a ToolForge event: ${reason}`, ...record };
  return {
    type: UNREADABLE_RECORD,
    data,
    meta: undefined,
    position,
    streamId: record.key ?? '',
    streamPosition: 0,
  } as unknown as StoredEvent;
}

function readHeaders(headers: Readonly<Record<string, HeaderValue>>): Record<string, string> {
  const read: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = header(headers, name);
    if (value !== undefined) read[name] = value;
  }
  return read;
}
