export * from './events.js';
export * from './bodies.js';
