import type { Migration } from '@toolforge/platform/sql';

/**
 * order_documents: each invoice and credit note of an order as its event issued it, so that the
 * query service renders its PDF from exactly what the log said (docs/documents.md), never from the
 * order as it stands now:
 * - `kind`: 'invoice' or 'creditNote'; `nth`: its place among the order's documents of that kind,
 *   from 1 in the order issued (GET /orders/:id/credit-notes/:n.pdf; an order's invoice is its first);
 * - `number`: INV-2026-000001, CN-2026-000001: unique, as the command service numbers them;
 * - `issued_at`: the event's meta.occurredAt, the document's date;
 * - `data`: the event's data whole, as jsonb (read only whole, by the primary key).
 */
export const createOrderDocuments: Migration = {
  version: 13,
  ddl: `
  create table order_documents (
    order_id text not null,
    kind text not null,
    nth integer not null,
    number text not null unique,
    issued_at timestamptz not null,
    data jsonb not null,
    primary key (order_id, kind, nth)
  );
  `,
};
