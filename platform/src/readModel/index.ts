export * from './sql.js';
export * from './schema.js';
export * from './rows.js';
export * from './readStore.js';
export * from './sqlReadStore.js';
export * from './cache.js';
export * from './inProcessCache.js';
export * from './checkpointWaiter.js';
