import type { ApiTag } from '../apiTags.js';

export const DOCUMENTS_TAG: ApiTag = {
  name: 'Documents',
  description:
    "An order's invoice and credit notes as PDF, rendered from the log, and its e-mails, which an admin may send again (docs/documents.md).",
};

/** The documents' own texts, beside their rules. */
export const documentMessages = {
  noInvoice: 'This order has no invoice yet: it is issued once the order is paid',
  noCreditNote: 'This order has no such credit note',
} as const;

/** Where an order's invoice is downloaded (the query service's route, the web's link). */
export function invoicePath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
}

/** Where an order's nth credit note (from 1, in the order issued) is downloaded. */
export function creditNotePath(orderId: string, n: number): string {
  return `/orders/${encodeURIComponent(orderId)}/credit-notes/${n}.pdf`;
}

/** The file name a document is saved under: its number. */
export function documentFileName(documentNumber: string): string {
  return `${documentNumber}.pdf`;
}
