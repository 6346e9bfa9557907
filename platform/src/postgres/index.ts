export * from './pgExecutor.js';
export * from './checkpointNotices.js';
