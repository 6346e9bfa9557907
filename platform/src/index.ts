export * from './eventLog/pgliteEventLog.js';
export * from './pglite.js';
export * from './http/zodCompilers.js';
export * from './http/errorReplies.js';
export * from './http/apiToken.js';
export * from './config.js';
export * from './readModel/index.js';
export * from './http/hardening.js';
