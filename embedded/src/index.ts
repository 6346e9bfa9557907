export * from './host.js';
export * from './banner.js';
export * from './compose.js';
export { DEMO_CATALOGUE } from './catalogue.js';
export { DEMO_ACCOUNTS, type DemoAccount } from './demoAccounts.js';
export { DataDirInUse } from './dataDirLock.js';
