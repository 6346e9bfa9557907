export * from './authEmulator.js';
export * from './kafka.js';
export * from './readModel.js';
