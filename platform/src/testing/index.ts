export * from './authEmulator.js';
