import type { CreditNoteIssued, InvoiceIssued } from '@toolforge/contracts';

/**
 * An invoice as PDF, from its event's data alone: the same bytes every time it is rendered
 * (docs/documents.md). TO BE BUILT (issue 38): pdfkit, the font embedded, fixed dates and ids.
 */
export function renderInvoice(_invoice: InvoiceIssued['data']): Promise<Uint8Array> {
  return Promise.reject(new Error('renderInvoice is not built yet'));
}

/** A credit note as PDF, from its event's data alone, the same bytes every time. TO BE BUILT (issue 38). */
export function renderCreditNote(_creditNote: CreditNoteIssued['data']): Promise<Uint8Array> {
  return Promise.reject(new Error('renderCreditNote is not built yet'));
}
