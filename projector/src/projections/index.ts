import type { StoredEvent } from '@toolforge/contracts';
import type { RowWrite } from '@toolforge/platform';
import { projectOrderEvent } from './orders.js';
import { projectProductEvent } from './products.js';
import { projectUserEvent } from './users.js';

/** The read model's rows for one event: pure, no I/O; the ReadStore applies them. */
export function project(event: StoredEvent): RowWrite[] {
  switch (event.type) {
    case 'ProductAdded':
    case 'ProductDeleted':
      return projectProductEvent(event);
    case 'OrderPlaced':
      return projectOrderEvent(event);
    case 'UserSignedIn':
    case 'UserSignedOut':
    case 'AdminGranted':
      return projectUserEvent(event);
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export { projectOrderEvent, projectProductEvent, projectUserEvent };
