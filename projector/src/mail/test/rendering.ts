import type { MailRendering } from '../sender.js';

/**
 * Plain stand-ins for @toolforge/documents' e-mails and PDFs, for the outbox's tests whose subject is
 * the SMTP side, the facts handed over and the documents' names (one test sends the real ones).
 */
export const TEST_RENDERING: MailRendering = {
  compose: (facts) => ({
    subject: `Your order ${facts.orderId}: ${facts.email}`,
    html: `<p>${facts.email}</p>`,
    text: `${facts.email} for ${facts.customerName}`,
  }),
  renderInvoice: (invoice) => Promise.resolve(new TextEncoder().encode(`%PDF-1.7 ${invoice.invoiceNumber}`)),
  renderCreditNote: (creditNote) => Promise.resolve(new TextEncoder().encode(`%PDF-1.7 ${creditNote.creditNoteNumber}`)),
};
