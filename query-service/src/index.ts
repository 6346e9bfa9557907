export * from './app.js';
export { readAfterPositions } from './http/readAfter.js';
export { PICTURES_PATH } from './catalog/pictures.js';
