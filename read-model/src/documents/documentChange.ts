/**
 * What a document's event changes of its order's row (migrations/014-order-document-numbers.ts). It
 * travels on the order's move (orders/writes.ts, `OrderMove.document`), as a payment's change does,
 * so that the event's offset joins the order's `event_offsets` (its history shows it) and a run of an
 * order's events stays one statement, each applied once by its offset.
 */
export type DocumentChange =
  /** InvoiceIssued: the order's invoice (the first one stays, as the invoice route serves the first). */
  | { readonly kind: 'invoiced'; readonly number: string }
  /** CreditNoteIssued: appended to the order's credit notes, in the order issued. */
  | { readonly kind: 'credited'; readonly number: string };
