import { eventContractBreach, type DocumentEvent } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { OrderWrite } from '../orders/writes.js';
import type { DocumentChange } from './documentChange.js';
import type { DocumentRow, DocumentWrite } from './writes.js';

/**
 * sales.orders → order_documents and orders: an invoice or a credit note is kept as its event
 * issued it (the query service renders its PDF from that alone), and its number joins the order's
 * row in a move of the order's stream that leaves its status as it is, so that its offset joins the
 * order's `event_offsets` (the history shows it) and it is applied once however often it is
 * delivered (orders/writes.ts).
 * The data is held to its contract first: it is printed into a PDF and its number keys the
 * document, so an event that breaks it (say, written by hand into the log) is refused to the dead
 * letters rather than kept and rendered.
 */
export function projectDocumentEvent(event: StoredEvent<DocumentEvent>): (OrderWrite | DocumentWrite)[] {
  const breach = eventContractBreach(event);
  if (breach !== undefined) throw new Error(breach);
  const document: DocumentRow =
    event.type === 'InvoiceIssued'
      ? { orderId: event.data.orderId, kind: 'invoice', number: event.data.invoiceNumber, data: event.data }
      : { orderId: event.data.orderId, kind: 'creditNote', number: event.data.creditNoteNumber, data: event.data };
  const change: DocumentChange =
    document.kind === 'invoice' ? { kind: 'invoiced', number: document.number } : { kind: 'credited', number: document.number };
  return [
    {
      kind: 'moveOrder',
      move: {
        orderId: document.orderId,
        status: null,
        paid: false,
        document: change,
        logPosition: { partition: event.position.partition, offset: event.position.offset },
      },
    },
    { kind: 'issueDocument', document },
  ];
}
