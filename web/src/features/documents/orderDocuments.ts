import { creditNotePath, documentFileName, documentNumberParts, invoicePath, type OrderDto } from '@toolforge/contracts';
import { creditNoteLabel, invoiceLabel } from './documentTexts';

/** One of an order's documents, as its row offers it: what the button says, where it is read, the file it is saved as. */
export interface OrderDocument {
  label: string;
  /** The query service's path (contracts' invoicePath, creditNotePath). */
  path: string;
  fileName: string;
}

/**
 * The file a document is saved as: its number (INV-2026-000001.pdf). The number comes from the
 * server; anything that is no document number (a path, a name of the server's device) is saved
 * under a plain name instead, whatever the browser would make of it.
 */
function fileNameOf(documentNumber: string): string {
  return documentNumberParts(documentNumber) ? documentFileName(documentNumber) : 'document.pdf';
}

/** An order's invoice (once paid), then its credit notes in the order issued (the nth is credit-notes/n.pdf, from 1). */
export function orderDocuments(order: OrderDto): OrderDocument[] {
  const invoice: OrderDocument[] =
    order.invoiceNumber === null
      ? []
      : [{ label: invoiceLabel(order.invoiceNumber), path: invoicePath(order._id), fileName: fileNameOf(order.invoiceNumber) }];
  return [
    ...invoice,
    ...order.creditNoteNumbers.map((creditNoteNumber, index) => ({
      label: creditNoteLabel(creditNoteNumber),
      path: creditNotePath(order._id, index + 1),
      fileName: fileNameOf(creditNoteNumber),
    })),
  ];
}
