import { z } from 'zod';
import { LIMITS, ORDER_STATUSES } from '../constants.js';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { count, id, personName, positive, reason, text } from '../eventFields.js';

/** Who may cancel an order; an order the shop itself cancels (an expired reservation) says null. */
const orderCanceller = z.enum(['customer', 'admin']);

/** The orders: each order's events, on its own stream of sales.orders. */
export const orderEvents = featureEvents(
  { topicName: 'orders', topic: 'sales.orders', streamKey: 'orderId' },
  {
    OrderPlaced: z.strictObject({
      orderId: id(),
      productId: id(),
      productName: text(LIMITS.productName),
      userId: id(LIMITS.uid),
      userName: personName,
      quantity: positive,
      unitPriceCents: count,
      totalCostCents: count,
      shippingAddress: text(LIMITS.shippingAddress, true),
      status: z.literal(ORDER_STATUSES[0]),
      payment: z.literal(false),
    }),
    OrderPaid: z.strictObject({ orderId: id() }),
    OrderShipped: z.strictObject({ orderId: id() }),
    OrderDelivered: z.strictObject({ orderId: id() }),
    OrderCancelled: z.strictObject({
      orderId: id(),
      productId: id(),
      userId: id(LIMITS.uid),
      quantity: positive,
      reason,
      by: orderCanceller.nullable(),
    }),
  },
);

export type OrderPlaced = EventOf<typeof orderEvents, 'OrderPlaced'>;
/** An order's status moves on from pending (docs/architecture.md#9-the-products-rules): each is one event of its stream. */
export type OrderPaid = EventOf<typeof orderEvents, 'OrderPaid'>;
export type OrderShipped = EventOf<typeof orderEvents, 'OrderShipped'>;
export type OrderDelivered = EventOf<typeof orderEvents, 'OrderDelivered'>;
/**
 * A pending or paid order was cancelled, and its reserved stock is given back in the same fact: the
 * product, the customer and the quantity are carried so that the product's stock folds from this
 * event alone. `by` is who cancelled it; null for the shop itself (an expired reservation, whose
 * reason is 'expired').
 */
export type OrderCancelled = EventOf<typeof orderEvents, 'OrderCancelled'>;
export type OrderEvent = EventsOf<typeof orderEvents>;
