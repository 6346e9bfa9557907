import { whyUnreadable } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { DeadLetterSource, ProjectedEvent } from '@toolforge/platform/sql';
import { READ_MODEL_FEATURES, type RowWrite } from './features.js';

/** Each event type's feature: the one that projects it. */
const FEATURE_OF_EVENT = new Map<string, (typeof READ_MODEL_FEATURES)[number]>(
  READ_MODEL_FEATURES.flatMap((feature) => feature.events.map((type) => [type, feature] as const)),
);

/** The read model's rows for one event, by the feature that projects its type: pure, no I/O; the store applies them. */
export function project(event: StoredEvent): RowWrite[] {
  const feature = FEATURE_OF_EVENT.get(event.type);
  if (feature === undefined) throw new Error(`no feature of the read model projects ${String(event.type)}`);
  // The feature lists this type among its events, so the event is one its projection takes.
  return (feature.project as (event: StoredEvent) => RowWrite[])(event);
}

/**
 * An event as the read model applies it: its row writes, or why it cannot be applied (a type or
 * schema version this build does not know, a projection that throws on its data), along with the
 * event as JSON text for the dead letter it may become.
 */
export function projectOrRefuse(event: StoredEvent): ProjectedEvent<RowWrite> {
  const offset = event.position.offset;
  const source = new EventAsDeadLetter(event);
  const unreadable = whyUnreadable(event);
  if (unreadable !== undefined) return { offset, writes: [], refused: unreadable, source };
  try {
    return { offset, writes: project(event), source };
  } catch (error) {
    return { offset, writes: [], refused: `the projection failed: ${error instanceof Error ? error.message : String(error)}`, source };
  }
}

/**
 * What a dead letter keeps of an event, made only when one needs it: a rebuild projects a million
 * events and sets none aside. A class, so that each event costs one small object, its getters shared.
 */
class EventAsDeadLetter implements DeadLetterSource {
  constructor(private readonly event: StoredEvent) {}

  get type(): string {
    return String(this.event.type);
  }

  get json(): string {
    return JSON.stringify(this.event);
  }
}
