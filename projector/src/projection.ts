import { whyUnreadable } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { DeadLetterSource, ProjectedEvent } from '@toolforge/platform/sql';
import { projectProductEvent } from './catalog/projection.js';
import { projectUserEvent } from './identity/projection.js';
import { projectOrderEvent } from './orders/projection.js';
import { projectReviewEvent } from './reviews/projection.js';
import type { RowWrite } from './readModelWrites.js';

/** The read model's rows for one event: pure, no I/O; the store applies them. */
export function project(event: StoredEvent): RowWrite[] {
  switch (event.type) {
    case 'ProductAdded':
    case 'ProductDeleted':
    case 'ProductUpdated':
    case 'StockAdjusted':
      return projectProductEvent(event);
    case 'OrderPlaced':
    case 'OrderPaid':
    case 'OrderShipped':
    case 'OrderDelivered':
    case 'OrderCancelled':
      return projectOrderEvent(event);
    case 'UserSignedIn':
    case 'UserSignedOut':
    case 'AdminGranted':
    case 'AdminRevoked':
      return projectUserEvent(event);
    case 'ReviewPosted':
    case 'ReviewEdited':
    case 'ReviewRemoved':
      return projectReviewEvent(event);
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
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

export { projectOrderEvent, projectProductEvent, projectReviewEvent, projectUserEvent };
