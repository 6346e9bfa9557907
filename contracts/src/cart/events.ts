import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { id, positive } from '../eventFields.js';

/**
 * The customers' carts: each customer's cart is its own stream of sales.carts, keyed by their uid, so
 * it survives signing out and follows them from device to device. A checkout empties it by the
 * OrderPlaced it causes, in the same fact: no second event to lose between the two. That event is on
 * another topic, which a reader may apply before or after the cart's own events (a restart, a
 * rebuild read topic by topic), so it names the cart's stream version it checked out
 * (`cartVersion`): a line is in the cart while the CartLineSet that put it there (its stream
 * position) is later than the last checkout's version, whichever of the two a reader sees first.
 */
export const cartEvents = featureEvents(
  { topicName: 'carts', topic: 'sales.carts', streamKey: 'userId' },
  {
    /** The customer put `quantity` of the product in their cart, as a new line or over the line's quantity. */
    CartLineSet: z.strictObject({ userId: id(LIMITS.uid), productId: id(), quantity: positive.max(LIMITS.maxQuantity) }),
    CartLineRemoved: z.strictObject({ userId: id(LIMITS.uid), productId: id() }),
  },
);

export type CartLineSet = EventOf<typeof cartEvents, 'CartLineSet'>;
export type CartLineRemoved = EventOf<typeof cartEvents, 'CartLineRemoved'>;
export type CartEvent = EventsOf<typeof cartEvents>;
