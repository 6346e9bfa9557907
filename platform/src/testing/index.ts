export * from './authEmulator.js';
export * from './kafka.js';
