export * from './app.js';
export * from './catalog/seed.js';
