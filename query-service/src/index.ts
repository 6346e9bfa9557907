export * from './app.js';
export { readAfterPositions } from './http/readAfter.js';
