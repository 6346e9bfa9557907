// The log a service opens by its config: Kafka's or the embedded PGlite's, so it loads both adapters.
export * from './openEventLog.js';
