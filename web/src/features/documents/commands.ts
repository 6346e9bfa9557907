import type { Acknowledgement, ResendOrderEmailBody } from '@toolforge/contracts';
import { command } from '../../api/command';

/** An admin's resend of one of an order's e-mails (POST /orders/:id/emails): the outbox sends it as a new message. */
export const documentCommands = {
  // No Idempotency-Key: a resend sent twice sends the e-mail twice, which is what a second click asks for.
  resendOrderEmail: command<[orderId: string, body: ResendOrderEmailBody], Acknowledgement>((orderId, body) => ({
    method: 'POST',
    path: `/orders/${encodeURIComponent(orderId)}/emails`,
    body,
  })),
};
