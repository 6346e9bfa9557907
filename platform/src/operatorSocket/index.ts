export * from './protocol.js';
export * from './server.js';
export * from './client.js';
