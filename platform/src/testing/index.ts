export * from './authEmulator.js';
export * from './kafka.js';
export * from './readModel.js';
export * from './postgres.js';
export * from './redis.js';
export * from './tcpProxy.js';
export * from './serviceProcess.js';
export * from './ports.js';
