export * from './app.js';
export * from './views.js';
export { readAfterPositions } from './http/readAfter.js';
