import { UNREADABLE_RECORD, formatPosition, whyUnreadable, withoutPersonalData, type UnreadableRecordData } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';

/** One event as a row of the export's files (docs/operators.md, "Export for analysts"). */
export interface EventRow {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly eventId: string | null;
  readonly type: string;
  /** The version of the shape `data` is in: the current one for an event upgraded as it was read. */
  readonly schemaVersion: number | null;
  /** meta.occurredAt as the log holds it (ISO 8601, UTC). */
  readonly occurredAt: string;
  /** In milliseconds, for the range and the day. */
  readonly occurredAtMs: number;
  readonly actor: string | null;
  /** The event's data as JSON text; null when personal data is left out and none of it is known not to be personal. */
  readonly data: string | null;
  readonly previousHash: string | null;
  readonly hash: string | null;
}

/** An event the export cannot file under a day: a record that holds no event, or one without a time. */
export interface RowlessEvent {
  readonly position: string;
  readonly reason: string;
}

/**
 * The event as a row, its data as read (upgraded to the current shape) or, without personal data,
 * with each personal value null (contracts' personalData.ts). An event this build cannot read (a
 * type or schema version of a newer ToolForge) keeps none of its data then: its personal fields
 * are not known. A record without a time is no row: where it sits and why.
 */
export function eventRow(event: StoredEvent, withPersonalData: boolean): EventRow | RowlessEvent {
  if (event.type === (UNREADABLE_RECORD as string)) {
    const reason = (event.data as unknown as Partial<UnreadableRecordData>).reason ?? 'not a ToolForge event';
    return { position: formatPosition(event.position), reason };
  }
  // A record written by something else may lack its meta.
  const meta = event.meta as Partial<StoredEvent['meta']> | undefined;
  const occurredAtMs = typeof meta?.occurredAt === 'string' ? Date.parse(meta.occurredAt) : NaN;
  if (!meta || !Number.isFinite(occurredAtMs))
    return { position: formatPosition(event.position), reason: 'the event has no valid meta.occurredAt' };
  const data = withPersonalData ? event.data : whyUnreadable(event) === undefined ? withoutPersonalData(event.type, event.data) : null;
  // Its place in the hash chain, as written (docs/audit-trail.md); none on events from before the chain.
  const chain = event.chain;
  return {
    topic: event.position.topic,
    partition: event.position.partition,
    offset: event.position.offset,
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    eventId: meta.eventId ?? null,
    type: event.type,
    schemaVersion: meta.schemaVersion ?? null,
    occurredAt: meta.occurredAt!,
    occurredAtMs,
    actor: meta.actor ?? null,
    data: data === null || data === undefined ? null : JSON.stringify(data),
    previousHash: chain?.previous ?? null,
    hash: chain?.hash ?? null,
  };
}

export function isRow(row: EventRow | RowlessEvent): row is EventRow {
  return 'occurredAtMs' in row;
}

/** The UTC day (yyyy-mm-dd) of a time in milliseconds: which file an event goes to. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
