import type { CustomerForgotten, DeadLetterRetried, DeadLetterSkipped } from '@toolforge/contracts';
import { PROJECTION_TABLES, sqlCheckpoints, type CheckpointReader, type CheckpointsReader } from '@toolforge/platform/sql';
import { readModelFeature } from '../feature.js';
import { projectDeadLetterDecision } from './deadLetterDecisions.js';
import { bookkeepingWrites, type BookkeepingWrite } from './writes.js';

/**
 * The projection's own bookkeeping, beside the features' rows: its checkpoints, dead letters and
 * the log it was built from. Its tables are those of the projection store that fills them
 * (platform's SqlProjectionStore, PROJECTION_TABLES). The admins' decisions about dead letters are
 * its events (deadLetterDecisions.ts: a letter retried or skipped), and an erased customer's dead
 * letters forget them (writes.ts).
 */
export const bookkeepingReadModel = readModelFeature<
  DeadLetterRetried | DeadLetterSkipped,
  BookkeepingWrite,
  CheckpointReader & CheckpointsReader,
  Record<never, string>,
  BookkeepingWrite,
  CustomerForgotten
>({
  name: 'projection',
  events: ['DeadLetterRetried', 'DeadLetterSkipped'],
  project: projectDeadLetterDecision,
  follows: { events: ['CustomerForgotten'], project: (event) => [{ kind: 'forgetDeadLetters', uid: event.data.uid }] },
  writes: bookkeepingWrites,
  tables: PROJECTION_TABLES,
  cacheAreas: {},
  reads: sqlCheckpoints,
});
