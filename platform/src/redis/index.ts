export * from './redisCache.js';
