import type { LogSortKey, SqlQueryable } from '@toolforge/platform';
import { CATALOGUE_AREA, type ProductView } from '@toolforge/query-service';
import type { RowKey, RowWriteHandlers } from '../readModelWrites.js';

/**
 * A product as the projector lists it: as added (the query side's view but for its available
 * stock, which is this stock less the reservations kept apart: see reserveStock), with where it
 * sat in the log.
 */
export interface ProductRow extends Omit<ProductView, 'availableStock'> {
  readonly stock: number;
  readonly logPosition: LogSortKey;
}

/** What the catalogue's events (and the orders that take stock) ask of the products tables. */
export type CatalogueWrite =
  | { readonly kind: 'insertProduct'; readonly product: ProductRow }
  | { readonly kind: 'deleteProduct'; readonly productId: string; readonly at: string }
  | { readonly kind: 'reserveStock'; readonly productId: string; readonly quantity: number };

/** The catalogue's rows: a product as added, and the stock orders took of it. */
const product = (productId: string): RowKey => ({ table: 'products', keyColumn: 'product_id', key: productId });
const reservation = (productId: string): RowKey => ({ table: 'product_reservations', keyColumn: 'product_id', key: productId });

/**
 * Adds reservations to the products' counters in one statement. Adding commutes, so a run's
 * quantities are summed per product first: one row each (a statement may change a row only once).
 */
async function reserveStock(tx: SqlQueryable, writes: readonly { readonly productId: string; readonly quantity: number }[]): Promise<void> {
  const reserved = new Map<string, number>();
  for (const { productId, quantity } of writes) reserved.set(productId, (reserved.get(productId) ?? 0) + quantity);
  await tx.query(
    `insert into product_reservations (product_id, reserved) select * from unnest($1::text[], $2::integer[])
     on conflict (product_id) do update set reserved = product_reservations.reserved + excluded.reserved`,
    [[...reserved.keys()], [...reserved.values()]],
  );
}

/**
 * The catalogue's writes in SQL. Every catalogue answer (available stock shows on every product
 * page) goes stale with any of them.
 */
export const catalogueWrites: RowWriteHandlers<CatalogueWrite> = {
  insertProduct: {
    stale: [CATALOGUE_AREA],
    table: 'products',
    rows: (write) => [product(write.product.productId)],
    async apply(tx, { product: p }) {
      await tx.query(
        `insert into products (product_id, name, category, model, image_url, price_cents, stock, min_order, description,
                               added_at, log_partition, log_offset)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) on conflict (product_id) do nothing`,
        [
          p.productId,
          p.name,
          p.category,
          p.model,
          p.imageUrl,
          p.priceCents,
          p.stock,
          p.minOrder,
          p.description,
          p.addedAt,
          p.logPosition.partition,
          p.logPosition.offset,
        ],
      );
    },
  },
  deleteProduct: {
    stale: [CATALOGUE_AREA],
    table: 'products',
    rows: (write) => [product(write.productId)],
    async apply(tx, write) {
      await tx.query('update products set deleted_at = $2 where product_id = $1 and deleted_at is null', [write.productId, write.at]);
    },
  },
  reserveStock: {
    stale: [CATALOGUE_AREA],
    table: 'product_reservations',
    rows: (write) => [reservation(write.productId)],
    // Adding to a counter commutes: an order projected before its product still counts.
    apply: (tx, write) => reserveStock(tx, [write]),
    applyRun: reserveStock,
  },
};
