export * from './projector.js';
export * from './readModelUpdater.js';
export * from './kafkaProjector.js';
export * from './projection.js';
export * from './readModelWrites.js';
export * from './hotAnswersRefresher.js';
export * from './logBinding.js';
export * from './deadLetterReport.js';
