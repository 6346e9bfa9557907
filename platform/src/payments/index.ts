export * from './paymentProvider.js';
