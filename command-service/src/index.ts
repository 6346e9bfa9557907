export * from './app.js';
export * from './identity/identityProvider.js';
export * from './identity/firebaseIdentity.js';
export * from './seed.js';
