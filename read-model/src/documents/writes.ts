import type { CreditNoteIssued, DocumentKind, InvoiceIssued } from '@toolforge/contracts';
import type { SqlQueryable } from '@toolforge/platform/sql';
import type { RowKey, RowWriteHandlers } from '../feature.js';

/** A document as its event issued it: what order_documents keeps (migrations/013-order-documents.ts). */
export type DocumentRow =
  | { readonly orderId: string; readonly kind: 'invoice'; readonly number: string; readonly data: InvoiceIssued['data'] }
  | { readonly orderId: string; readonly kind: 'creditNote'; readonly number: string; readonly data: CreditNoteIssued['data'] };

export interface DocumentWrite {
  readonly kind: 'issueDocument';
  readonly document: DocumentRow;
}

/**
 * Issues documents in one statement, in their order: each takes the next place (`nth`) among its
 * order's documents of its kind, after those already there and those before it in the run. A number
 * already kept, or twice in the run, keeps its first document, as applying them one by one would:
 * a document delivered twice is kept once and takes no second place. The write reads only its own
 * table (feature.ts: writes to different tables commute).
 */
async function issueDocuments(tx: SqlQueryable, writes: readonly DocumentWrite[]): Promise<void> {
  const column = <Value>(value: (document: DocumentRow) => Value) => writes.map((write) => value(write.document));
  await tx.query(
    `with issued as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[])
                with ordinality as d(order_id, kind, number, issued_at, data, n)
     ), fresh as (
       select distinct on (d.number) d.* from issued d
        where not exists (select 1 from order_documents kept where kept.number = d.number)
        order by d.number, d.n
     )
     insert into order_documents (order_id, kind, nth, number, issued_at, data)
     select f.order_id, f.kind,
            coalesce((select max(kept.nth) from order_documents kept where kept.order_id = f.order_id and kept.kind = f.kind), 0)
              + row_number() over (partition by f.order_id, f.kind order by f.n),
            f.number, f.issued_at, f.data::jsonb
       from fresh f order by f.n`,
    [
      column((d) => d.orderId),
      column((d): DocumentKind => d.kind),
      column((d) => d.number),
      column((d) => d.data.issuedAt),
      // Handed over as JSON text: a driver would send an object otherwise than as jsonb.
      column((d) => JSON.stringify(d.data)),
    ],
  );
}

/** Every document of an order: a replay compares and repairs them together (their places depend on each other). */
const documentsOf = (orderId: string): RowKey => ({ table: 'order_documents', keyColumn: 'order_id', key: orderId });

/**
 * The documents' writes in SQL. No cached answer goes stale with them: the PDFs are rendered on each
 * request and never cached, and the order lists' numbers move with the order's own write (`moveOrder`).
 */
export const documentWrites: RowWriteHandlers<DocumentWrite> = {
  issueDocument: {
    stale: [],
    table: 'order_documents',
    rows: (write) => [documentsOf(write.document.orderId)],
    apply: (tx, write) => issueDocuments(tx, [write]),
    applyRun: issueDocuments,
  },
};
