import { erasureSuite } from './erasure.suite.js';

erasureSuite('embedded log', () => Promise.resolve({ close: () => Promise.resolve() }));
