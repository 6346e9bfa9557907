export * from './pglite.js';
export * from './pgliteEventLog.js';
export * from './dataDirLock.js';
// The embedded database's own types, for code outside platform that is handed one (the operator
// socket, the tool's threads): the PGlite platform opens is the one they must name.
export type { PGlite, Transaction } from '@electric-sql/pglite';
