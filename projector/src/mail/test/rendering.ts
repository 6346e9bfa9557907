import type { MailRendering } from '../sender.js';

/**
 * A stand-in for @toolforge/documents while its composer and PDFs are being built (issue 38, helper
 * C): what the outbox's tests check is the SMTP side, the facts handed over and the documents' names.
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
