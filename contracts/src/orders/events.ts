import { z } from 'zod';
import { LIMITS, ORDER_STATUSES } from '../constants.js';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { count, id, personName, positive, reason, text } from '../eventFields.js';
import { orderSettlement } from '../payments/events.js';

/** Who may cancel an order; an order the shop itself cancels (an expired reservation) says null. */
const orderCanceller = z.enum(['customer', 'admin']);

/** One line of an order: a product, how many, the unit price its quantity reached (catalog/pricing.ts) and their product. */
const orderLine = z.strictObject({
  productId: id(),
  productName: text(LIMITS.productName),
  quantity: positive,
  unitPriceCents: count,
  /**
   * The ladder step the quantity reached (catalog/pricing.ts), its minimum quantity: absent at the
   * base price, and on orders placed before the shop recorded it (an invoice prints it).
   */
  tierMinQuantity: positive.optional(),
  lineTotalCents: count,
});

/** The stock a line held, which a cancellation gives back. */
const heldLine = z.strictObject({ productId: id(), quantity: positive });

/**
 * The orders: each order's events, on its own stream of sales.orders. Schema version 2 gave an order
 * its lines; the shop's upcasters (upcasters.ts) read every order written before as one line.
 */
export const orderEvents = featureEvents(
  { topicName: 'orders', topic: 'sales.orders', streamKey: 'orderId' },
  {
    OrderPlaced: z.strictObject({
      orderId: id(),
      userId: id(LIMITS.uid),
      userName: personName,
      /** Every line reserves its quantity of its product, all in this one fact. */
      lines: z.array(orderLine).min(1).max(LIMITS.cartLines),
      subtotalCents: count.max(LIMITS.maxOrderSubtotalCents),
      /** The lines' sum, plus 5 %, plus one flat 50 (money.ts, orderTotals). */
      totalCostCents: count,
      shippingAddress: text(LIMITS.shippingAddress, true),
      status: z.literal(ORDER_STATUSES[0]),
      payment: z.literal(false),
      /**
       * The version of the customer's cart stream this order checked out, null for an order placed
       * without the cart: every line set at or before that version is emptied by this fact
       * (cart/events.ts).
       */
      cartVersion: positive.nullable(),
    }),
    /**
     * A pending order was paid: how (payments/events.ts). `payment` is null for the orders an admin
     * marked paid before the shop took payments (schema version 2 and older).
     */
    OrderPaid: z.strictObject({ orderId: id(), payment: orderSettlement.nullable() }),
    OrderShipped: z.strictObject({ orderId: id() }),
    OrderDelivered: z.strictObject({ orderId: id() }),
    OrderCancelled: z.strictObject({
      orderId: id(),
      userId: id(LIMITS.uid),
      /** What each line held, given back to its product's stock. */
      lines: z.array(heldLine).min(1).max(LIMITS.cartLines),
      reason,
      by: orderCanceller.nullable(),
    }),
  },
);

/** One line of a placed order. */
export type OrderLine = z.output<typeof orderLine>;
/** What a line of an order holds of its product's stock. */
export type HeldLine = z.output<typeof heldLine>;

export type OrderPlaced = EventOf<typeof orderEvents, 'OrderPlaced'>;
/** An order's status moves on from pending (docs/architecture.md#9-the-products-rules): each is one event of its stream. */
export type OrderPaid = EventOf<typeof orderEvents, 'OrderPaid'>;
export type OrderShipped = EventOf<typeof orderEvents, 'OrderShipped'>;
export type OrderDelivered = EventOf<typeof orderEvents, 'OrderDelivered'>;
/**
 * A pending or paid order was cancelled, and its reserved stock is given back in the same fact: each
 * line's product and quantity, and the customer, are carried so that every product's stock folds
 * from this event alone. `by` is who cancelled it; null for the shop itself (an expired reservation, whose
 * reason is 'expired').
 */
export type OrderCancelled = EventOf<typeof orderEvents, 'OrderCancelled'>;
export type OrderEvent = EventsOf<typeof orderEvents>;
