import type { Migration } from '@toolforge/platform/sql';

/**
 * The numbers of an order's documents as the order lists show them (OrderDto's `invoiceNumber` and
 * `creditNoteNumbers`), as columns of `orders` rather than a join to order_documents: the order lists
 * are the shop's hot reads, and payments/migrations/012-order-payments.ts measured a table of their
 * own costing each order of a list a lookup by key (20.0 µs an order against 16.0 as columns).
 * - `invoice_number`: the order's invoice once it is paid, null before;
 * - `credit_note_numbers`: its credit notes in the order issued, empty when none.
 * Orders placed before have neither: the defaults say so.
 */
export const orderDocumentNumbers: Migration = {
  version: 14,
  ddl: `
  alter table orders add column invoice_number text;
  alter table orders add column credit_note_numbers text[] not null default '{}';
  `,
};
