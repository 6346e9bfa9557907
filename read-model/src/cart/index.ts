import { readModelFeature } from '../feature.js';
import { sqlCartReader } from './cartReads.js';
import { projectCartEvent, projectCheckout } from './projection.js';
import { CART_TABLES } from './tables.js';
import { cartWrites } from './writes.js';

/**
 * The carts in the read model: each customer's lines as they set and removed them, emptied by the
 * orders they checked out (an OrderPlaced, which the orders feature projects as the order).
 */
export const cartReadModel = readModelFeature({
  name: 'carts',
  events: ['CartLineSet', 'CartLineRemoved'],
  project: projectCartEvent,
  follows: { events: ['OrderPlaced'], project: projectCheckout },
  writes: cartWrites,
  tables: CART_TABLES,
  cacheAreas: {},
  reads: sqlCartReader,
});
