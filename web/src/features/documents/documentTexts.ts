import type { OrderEmail } from '@toolforge/contracts';

/** The documents' and the e-mails' own texts where contracts have none (contracts' documentMessages and mailMessages have the server's). */

/** A document's button: its accessible name too, so a reader hears which document it saves. */
export const invoiceLabel = (invoiceNumber: string) => `Invoice ${invoiceNumber}`;
export const creditNoteLabel = (creditNoteNumber: string) => `Credit note ${creditNoteNumber}`;
export const DOCUMENT_NOT_DOWNLOADED = 'The document could not be downloaded. Please try again.';

/** The e-mails by the fact each tells, as the resend dialog and the history name them. */
export const EMAIL_NAMES: Readonly<Record<OrderEmail, string>> = {
  placed: 'Placed',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const resendEmailLabel = 'Resend e-mail';
export const emailResentText = (email: OrderEmail) => `The ${email} e-mail will be sent again`;
export const EMAIL_NOT_RESENT = 'The e-mail was not sent again. Please try again.';
