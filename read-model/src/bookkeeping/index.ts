import { PROJECTION_TABLES, sqlCheckpoints, type CheckpointReader, type CheckpointsReader } from '@toolforge/platform/sql';
import { readModelFeature } from '../feature.js';

/**
 * The projection's own bookkeeping, beside the features' rows: its checkpoints, dead letters and
 * the log it was built from. Its tables are those of the projection store that fills them
 * (platform's SqlProjectionStore, PROJECTION_TABLES); no event is projected into them.
 */
export const bookkeepingReadModel = readModelFeature<never, never, CheckpointReader & CheckpointsReader, Record<never, string>>({
  name: 'projection',
  events: [],
  project: () => [],
  writes: {},
  tables: PROJECTION_TABLES,
  cacheAreas: {},
  reads: sqlCheckpoints,
});
