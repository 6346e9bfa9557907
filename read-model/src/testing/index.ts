export * from './rows.js';
export * from './emptiedReadModel.js';
