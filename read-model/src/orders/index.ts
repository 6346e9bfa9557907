import { readModelFeature } from '../feature.js';
import { ORDERS_AREA } from './answers.js';
import { sqlOrderReader } from './orderReads.js';
import { projectForgottenCustomer, projectOrderEvent } from './projection.js';
import { ORDER_TABLES } from './tables.js';
import { orderWrites } from './writes.js';

/**
 * The orders in the read model: each order as placed and moved on, and the stock it reserves in the
 * catalogue; an erased customer's (CustomerForgotten, the accounts' event) without their name and address.
 */
export const ordersReadModel = readModelFeature({
  name: 'orders',
  events: ['OrderPlaced', 'OrderPaid', 'OrderShipped', 'OrderDelivered', 'OrderCancelled'],
  project: projectOrderEvent,
  follows: { events: ['CustomerForgotten'], project: projectForgottenCustomer },
  writes: orderWrites,
  tables: ORDER_TABLES,
  cacheAreas: { orders: ORDERS_AREA },
  reads: sqlOrderReader,
});
