import { z } from 'zod';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { id } from '../eventFields.js';

/**
 * The e-mails a customer gets about an order, each for one fact of its stream: placed (OrderPlaced),
 * paid (InvoiceIssued, the invoice attached), shipped, delivered, cancelled (OrderCancelled) and
 * refunded (OrderRefunded, its credit note attached when it has one). docs/documents.md.
 */
export const ORDER_EMAILS = ['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderEmail = (typeof ORDER_EMAILS)[number];

/** The e-mails' events, on the order's stream of sales.orders. */
export const mailEvents = featureEvents(
  { topicName: 'orders', topic: 'sales.orders', streamKey: 'orderId' },
  {
    /**
     * An admin asked for one of the order's e-mails to be sent again (the actor): the outbox sends it
     * as a new message, its Message-ID from this event's id.
     */
    OrderEmailResendRequested: z.strictObject({ orderId: id(), email: z.enum(ORDER_EMAILS) }),
  },
);

export type OrderEmailResendRequested = EventOf<typeof mailEvents, 'OrderEmailResendRequested'>;
export type MailEvent = EventsOf<typeof mailEvents>;
