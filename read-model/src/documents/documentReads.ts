import type { CreditNoteIssued, DocumentKind, InvoiceIssued } from '@toolforge/contracts';
import type { SqlQueryable } from '@toolforge/platform/sql';

/** The documents' reads: each as its event issued it (the query service renders it), or null when the order has none such. */
export interface DocumentReader {
  /** The order's invoice. */
  invoiceOf(orderId: string): Promise<InvoiceIssued['data'] | null>;
  /** The order's `nth` credit note, from 1 in the order issued. */
  creditNoteOf(orderId: string, nth: number): Promise<CreditNoteIssued['data'] | null>;
}

const SELECT_DOCUMENT = 'select data from order_documents where order_id = $1 and kind = $2 and nth = $3';

/** Drivers parse a jsonb column as they read it, or hand back its text. */
const readData = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** The documents' reads on order_documents (migrations/013-order-documents.ts), by its primary key. */
export function sqlDocumentReader(sql: SqlQueryable): DocumentReader {
  async function documentData(orderId: string, kind: DocumentKind, nth: number): Promise<unknown> {
    const result = await sql.query<{ data: unknown }>(SELECT_DOCUMENT, [orderId, kind, nth]);
    const [row] = result.rows;
    return row ? readData(row.data) : null;
  }
  return {
    // The projection kept only data that holds to its event's contract (projection.ts).
    invoiceOf: async (orderId) => (await documentData(orderId, 'invoice', 1)) as InvoiceIssued['data'] | null,
    creditNoteOf: async (orderId, nth) => (await documentData(orderId, 'creditNote', nth)) as CreditNoteIssued['data'] | null,
  };
}
