// What every process needs: the event log's types and pure helpers, config, logger, shutdown and
// timing. No adapter is loaded from here: each is a subpath of its own (package.json's exports),
// and subpaths.unit.spec.ts fails when one of them reaches this entry.
export * from './eventLog/eventLog.js';
export * from './eventLog/chain.js';
export * from './eventLog/upcasters.js';
export * from './eventLog/readOnlyLog.js';
export * from './eventLog/logEnd.js';
export * from './eventLog/readAhead.js';
export * from './eventLog/writerStatus.js';
export type { PartitionedLog } from './eventLog/readAll.js';
export * from './config.js';
export * from './identitySource.js';
export * from './logger.js';
export * from './shutdown.js';
export * from './timing/sleepers.js';
export * from './timing/coalescedRuns.js';
export * from './userStanding.js';
