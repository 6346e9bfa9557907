export * from './rows.js';
export * from './emptiedReadModel.js';
export * from './forgetting.js';
export * from './salesHistory.js';
export * from './projectedButSales.js';
