import type { Migration } from '@toolforge/platform/sql';

/**
 * - price_tiers: the product's quantity ladder as ProductAdded and ProductUpdated carry it (each
 *   step's minQuantity and unitPriceCents, lowest first). It is only ever read whole, with its
 *   product, so it is one jsonb value rather than a table of its own.
 * - pack_size: the number of units an order's quantity must be a multiple of.
 * Products added before either existed had no ladder and came in units of one: the defaults.
 */
export const productPriceTiersAndPackSize: Migration = {
  version: 9,
  ddl: `
  alter table products add column price_tiers jsonb not null default '[]';
  alter table products add column pack_size integer not null default 1;
  `,
};
