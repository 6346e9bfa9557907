export * from './identityProvider.js';
export * from './firebaseIdentity.js';
export * from './verifiedIdTokens.js';
export * from './providerAccounts.js';
