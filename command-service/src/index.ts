export * from './app.js';
export * from './catalog/seed.js';
export * from './payments/hosting.js';
export type { CardPayments } from './payments/paymentPage.js';
