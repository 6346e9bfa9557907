import type { Migration } from '@toolforge/platform/sql';

/**
 * What an order's payment shows (payments/index.ts), as columns of `orders`, not a table of its own:
 * the order lists are the shop's hot reads, and a table of their own cost each order of a list a
 * lookup by key. Side by side on PGlite (200,000 orders, customers' lists read 50 customers at a
 * time as orderReads.ts reads them, the median of nine rounds): 15.6 µs an order before, 16.0 µs
 * with these columns (the answer's four more fields), 20.0 µs joined to a table of their own.
 * - `paid_with`: 'card' or 'offline' once an OrderPaid says how; null while unpaid, and for an
 *   order marked paid before the shop took payments;
 * - `payment_reference`: a card payment's id at the provider, or an offline payment's reference;
 * - `payment_failure`: why the last attempt to pay failed, cleared by the payment (the reads show
 *   it only while the order is pending);
 * - `refunded_cents`: the refunds' sum.
 * Orders placed before are unpaid or were paid without saying how: the defaults say so.
 */
export const orderPayments: Migration = {
  version: 12,
  ddl: `
  alter table orders add column paid_with text;
  alter table orders add column payment_reference text;
  alter table orders add column payment_failure text;
  alter table orders add column refunded_cents bigint not null default 0;
  `,
};
