import { whyUnreadable } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { DeadLetterSource, ProjectedEvent } from '@toolforge/platform/sql';
import { READ_MODEL_FEATURES, type RowWrite } from './features.js';

type Projection = (event: StoredEvent) => RowWrite[];

/**
 * Each event type's projections: the feature that projects it first, then those that follow it. A
 * feature lists the types it takes, so an event reaches only projections written for its type.
 */
const PROJECTIONS_OF_EVENT = new Map<string, Projection[]>();
for (const feature of READ_MODEL_FEATURES) {
  const owned: Projection = (event) => (feature.project as Projection)(event);
  for (const type of feature.events) projectionsOf(type).unshift(owned);
  const { follows } = feature;
  if (follows) for (const type of follows.events) projectionsOf(type).push(follows.project as Projection);
}

function projectionsOf(type: string): Projection[] {
  let projections = PROJECTIONS_OF_EVENT.get(type);
  if (!projections) PROJECTIONS_OF_EVENT.set(type, (projections = []));
  return projections;
}

/** The read model's rows for one event: those of the feature that projects its type, then of each that follows it. Pure, no I/O; the store applies them. */
export function project(event: StoredEvent): RowWrite[] {
  const projections = PROJECTIONS_OF_EVENT.get(event.type);
  if (projections === undefined) throw new Error(`no feature of the read model projects ${String(event.type)}`);
  // Most types have one projection: its writes as they are, no copy (a rebuild projects a million events).
  if (projections.length === 1) return projections[0]!(event);
  return projections.flatMap((projection) => projection(event));
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
