import { z } from 'zod';
import { ORDER_EMAILS } from './events.js';

/** The e-mails' own texts. */
export const mailMessages = {
  emailUnknown: `The e-mail is one of ${ORDER_EMAILS.join(', ')}`,
  /** An admin asked to resend an e-mail the order never had cause for (a shipped mail of a pending order). */
  emailNeverSent: 'This order has had no such e-mail to send again',
} as const;

/** POST /orders/:id/emails: which of the order's e-mails an admin sends again. */
export const resendOrderEmailSchema = z.strictObject({
  email: z.enum(ORDER_EMAILS, { error: mailMessages.emailUnknown }),
});
export type ResendOrderEmailBody = z.output<typeof resendOrderEmailSchema>;
