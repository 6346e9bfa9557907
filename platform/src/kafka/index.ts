export * from './kafkaEventLog.js';
export * from './kafkaTopics.js';
export * from './kafkaLogEnds.js';
export * from './kafkaEventsReader.js';
export * from './kafkaEventConsumer.js';
export * from './kafkaLogIdentity.js';
export * from './kafkaRecords.js';
export { kafkaSignIn } from './kafkaClient.js';
