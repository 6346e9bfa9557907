export * from './zodCompilers.js';
export * from './errorReplies.js';
export * from './apiToken.js';
export * from './hardening.js';
export * from './health.js';
export * from './routeDocs.js';
export * from './apiDescription.js';
export * from './apiReference.js';
