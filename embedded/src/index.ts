export * from './host.js';
export * from './banner.js';
export * from './compose.js';
export { DEMO_CATALOGUE, demoCatalogue } from './catalogue.js';
export { DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL, ensureDemoAccounts, type DemoAccount } from './demoAccounts.js';
export { serveWebApp, type WebRuntimeConfig, type WebServer } from './webServer.js';
export {
  LOCAL_PAYMENTS,
  startLocalPaymentProvider,
  type LocalPaymentProvider,
  type LocalPaymentProviderOptions,
} from './localPayments/server.js';
export { DataDirInUse } from '@toolforge/platform/pglite';
