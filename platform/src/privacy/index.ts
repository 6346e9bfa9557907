export * from './sealedValues.js';
export * from './keyWrapping.js';
export * from './customerKeys.js';
export * from './vault.js';
export * from './sealedLog.js';
export * from './settings.js';
export * from './openVault.js';
