import { StatesById } from '../shared/statesById.js';
import { orderLifecycleDecider } from './lifecycle.js';
import type { OrderFact, OrderState } from './order.js';

/** The write model's orders, by id: what moving, cancelling and expiring them is decided on. */
export type OrderStates = StatesById<OrderState | undefined, OrderFact>;

export function orderStates(): OrderStates {
  return new StatesById(
    ['OrderPlaced', 'OrderPaid', 'OrderShipped', 'OrderDelivered', 'OrderCancelled'],
    (fact) => fact.data.orderId,
    orderLifecycleDecider,
  );
}
