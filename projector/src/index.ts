export * from './projector.js';
export * from './readModelUpdater.js';
export * from './kafkaProjector.js';
export * from './projections/index.js';
export * from './hotAnswersRefresher.js';
