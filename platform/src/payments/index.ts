export * from './paymentProvider.js';
export * from './stripeProvider.js';
