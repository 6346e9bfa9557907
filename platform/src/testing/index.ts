export * from './authEmulator.js';
export * from './readModel.js';
