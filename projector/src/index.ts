export * from './projector.js';
export * from './projections/index.js';
