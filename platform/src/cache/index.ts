export * from './cache.js';
export * from './inProcessCache.js';
export * from './expiringLru.js';
