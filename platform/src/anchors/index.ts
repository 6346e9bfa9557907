export * from './anchors.js';
export * from './anchorStore.js';
export * from './anchoring.js';
export * from './settings.js';
export * from './signingKey.js';
