import {
  CURRENT_SCHEMA_VERSION,
  SHOP_UPCASTERS,
  UNREADABLE_RECORD,
  formatPosition,
  type EventMeta,
  type UnreadableRecordData,
  type Upcasters,
} from '@toolforge/contracts';
import type { StoredEvent } from './eventLog.js';

/** How a log adapter upgrades the events it reads. */
export interface UpcastOptions {
  /** The shop's own (SHOP_UPCASTERS) when left out; tests give others. */
  readonly upcasters?: Upcasters;
}

// The shop's own upgrades are domain knowledge: contracts holds them beside the events (upcasters.ts).
export { SHOP_UPCASTERS, type Upcaster, type Upcasters } from '@toolforge/contracts';

/**
 * The event in the shape of the current schema version: each upcaster from its written version up
 * to the current one is applied in turn, and meta.schemaVersion names the current version (a version
 * that changed other types only left this one as it was). An event
 * with nothing to upgrade is handed back as it is, so an event from a newer ToolForge keeps its
 * version and is still set aside by the projector. An upcaster that fails (data it cannot read) makes
 * the event an UnreadableRecord that says why and keeps the event as written: one event never stops
 * a reader.
 */
export function upcast(event: StoredEvent, upcasters: Upcasters = SHOP_UPCASTERS): StoredEvent {
  const steps = upcasters[event.type];
  // A record written by something else may lack its meta.
  const meta: EventMeta | null | undefined = event.meta;
  const written = meta?.schemaVersion;
  if (!steps || !meta || typeof written !== 'number' || !Number.isInteger(written) || written >= CURRENT_SCHEMA_VERSION) return event;
  if (typeof event.data !== 'object' || event.data === null) return event;
  const froms = Object.keys(steps)
    .map(Number)
    .filter((from) => from >= written && from < CURRENT_SCHEMA_VERSION)
    .sort((a, b) => a - b);
  if (froms.length === 0) return event;
  let data = event.data as Readonly<Record<string, unknown>>;
  let version = written;
  try {
    for (const from of froms) {
      data = steps[from]!(data, { ...meta, schemaVersion: version });
      version = from + 1;
    }
  } catch (error) {
    return cannotUpgrade(event, version, error);
  }
  // The versions after the last upgrade left this type's shape as it was: it is today's now.
  return { ...event, data, meta: { ...meta, schemaVersion: CURRENT_SCHEMA_VERSION } } as StoredEvent;
}

function cannotUpgrade(event: StoredEvent, version: number, error: unknown): StoredEvent {
  const { type, data, meta, position, streamId, streamPosition } = event;
  const reason = `the ${type} at ${formatPosition(position)} could not be upgraded from schema version ${version}: ${error instanceof Error ? error.message : String(error)}`;
  const unreadable: UnreadableRecordData = { reason, key: streamId, value: JSON.stringify({ type, data, meta }), headers: {} };
  return { type: UNREADABLE_RECORD, data: unreadable, meta: undefined, position, streamId, streamPosition } as unknown as StoredEvent;
}
