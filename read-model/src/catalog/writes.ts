import { PRODUCT_DETAIL_FIELDS, type ProductAdded, type ProductDetails } from '@toolforge/contracts';
import {
  columnNames,
  copyOrInsert,
  rowColumns,
  unnestArrays,
  type CopiedColumn,
  type LogSortKey,
  type SqlQueryable,
} from '@toolforge/platform/sql';
import { CATALOGUE_AREA, PRODUCT_COUNTS_AREA } from './answers.js';
import { STORED_PRODUCT_COLUMNS, storedValue, type StoredColumn } from './productColumns.js';
import type { RowKey, RowWriteHandler, RowWriteHandlers } from '../feature.js';

/**
 * A product as the projector lists it: as its ProductAdded says (the stock on hand; what is left
 * to order is this stock less the reservations kept apart: see reserveStock), with when it was
 * added and where it sat in the log.
 */
export type ProductRow = ProductAdded['data'] & {
  readonly addedAt: string;
  readonly logPosition: LogSortKey;
};

/**
 * The products' columns of the fields an admin may correct (ProductUpdated): the only columns an
 * update writes, whatever else an event's `changes` may hold. Each is the stored column its field
 * fills (productColumns.ts); a field without one fails here, as the module loads.
 */
export const PRODUCT_DETAIL_COLUMNS = Object.fromEntries(
  PRODUCT_DETAIL_FIELDS.map((field) => {
    const stored = STORED_PRODUCT_COLUMNS.find(({ from }) => from === field);
    if (!stored) throw new Error(`the product's field ${field} has no column of products (productColumns.ts)`);
    return [field, stored];
  }),
) as Readonly<Record<keyof ProductDetails, StoredColumn>>;

/** What the catalogue's events (and the orders that take and give back stock) ask of the products tables. */
export type CatalogueWrite =
  | { readonly kind: 'insertProduct'; readonly product: ProductRow }
  | { readonly kind: 'deleteProduct'; readonly productId: string; readonly at: string }
  /** Only the changed fields, at least one. */
  | { readonly kind: 'updateProduct'; readonly productId: string; readonly changes: Partial<ProductDetails> }
  /** The stock on hand moves by `delta` (a restock, a write-off). */
  | { readonly kind: 'adjustStock'; readonly productId: string; readonly delta: number }
  /** A placed order reserves its quantity; a cancelled one reserves minus it, giving it back. */
  | { readonly kind: 'reserveStock'; readonly productId: string; readonly quantity: number };

/** The catalogue's rows: a product as added and edited, and the stock orders hold of it. */
const product = (productId: string): RowKey => ({ table: 'products', keyColumn: 'product_id', key: productId });
const reservation = (productId: string): RowKey => ({ table: 'product_reservations', keyColumn: 'product_id', key: productId });

/**
 * Sums a run's amounts per product (a statement may change a row only once), in the order of the
 * product ids: batches applied side by side (a rebuild's lanes) then lock the rows they share in
 * one order, and do not deadlock.
 */
function sumPerProduct<Write extends { readonly productId: string }>(
  writes: readonly Write[],
  amount: (write: Write) => number,
): Map<string, number> {
  const sums = new Map<string, number>();
  for (const write of writes) sums.set(write.productId, (sums.get(write.productId) ?? 0) + amount(write));
  return new Map([...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Adds reservations (a cancelled order's negative) to the products' counters in one statement.
 * Adding commutes, so a run's quantities are summed per product first.
 */
export async function addReservations(
  tx: SqlQueryable,
  writes: readonly { readonly productId: string; readonly quantity: number }[],
): Promise<void> {
  const reserved = sumPerProduct(writes, (write) => write.quantity);
  await tx.query(
    `insert into product_reservations (product_id, reserved) select * from unnest($1::text[], $2::integer[])
     on conflict (product_id) do update set reserved = product_reservations.reserved + excluded.reserved`,
    [[...reserved.keys()], [...reserved.values()]],
  );
}

const RESERVATION_COLUMNS: readonly CopiedColumn<readonly [productId: string, reserved: number]>[] = [
  { name: 'product_id', type: 'text', of: ([productId]) => productId },
  { name: 'reserved', type: 'integer', of: ([, reserved]) => reserved },
];

/**
 * A build's reservations, already summed per product (projector/src/catalog/reservationTally.ts), onto the counters: with
 * COPY while the build's table holds none of those products (its first fold, nearly always), else as
 * addReservations adds them. 100,000 products' sums went in faster with COPY than through the
 * insert's arrays (bench-results/2026-11-27.md#the-rebuild-investigated).
 */
export async function foldReservations(tx: SqlQueryable, sums: ReadonlyMap<string, number>): Promise<void> {
  const rows = [...sums];
  await copyOrInsert(tx, { table: 'product_reservations', columns: RESERVATION_COLUMNS, rows }, () =>
    addReservations(
      tx,
      rows.map(([productId, quantity]) => ({ productId, quantity })),
    ),
  );
}

/**
 * Moves the stock on hand of products already added, in one statement. Adding commutes too; a
 * product's adjustments follow its ProductAdded in its stream, so the row is there.
 */
async function adjustStock(tx: SqlQueryable, writes: readonly { readonly productId: string; readonly delta: number }[]): Promise<void> {
  const deltas = sumPerProduct(writes, (write) => write.delta);
  await tx.query(
    `update products p set stock = p.stock + d.delta from unnest($1::text[], $2::integer[]) as d(product_id, delta)
      where p.product_id = d.product_id`,
    [[...deltas.keys()], [...deltas.values()]],
  );
}

/** Writes the changed fields of a product, through PRODUCT_DETAIL_COLUMNS alone. */
async function updateProduct(
  tx: SqlQueryable,
  { productId, changes }: { productId: string; changes: Partial<ProductDetails> },
): Promise<void> {
  const fields = (Object.keys(PRODUCT_DETAIL_COLUMNS) as (keyof ProductDetails)[]).filter((field) => changes[field] !== undefined);
  if (fields.length === 0) return;
  const assignments = fields.map((field, index) => `${PRODUCT_DETAIL_COLUMNS[field].column} = $${index + 2}`);
  await tx.query(`update products set ${assignments.join(', ')} where product_id = $1`, [
    productId,
    ...fields.map((field) => storedValue(PRODUCT_DETAIL_COLUMNS[field], changes[field])),
  ]);
}

/** The products table's columns a product fills (productColumns.ts), then where it sat in the log. */
const PRODUCT_COLUMNS: readonly CopiedColumn<ProductRow>[] = [
  ...STORED_PRODUCT_COLUMNS.map((stored) => ({
    name: stored.column,
    type: stored.type,
    of: (p: ProductRow) => storedValue(stored, p[stored.from as keyof ProductRow]),
  })),
  { name: 'log_partition', type: 'integer', of: (p) => p.logPosition.partition },
  { name: 'log_offset', type: 'bigint', of: (p) => p.logPosition.offset },
];
const PRODUCT_COLUMN_NAMES = columnNames(PRODUCT_COLUMNS);

/**
 * Inserts products in their order, as insertOrders does orders (COPY where the database has it): a
 * catalogue of 100,000 products was as many statements. A product id already taken keeps its first row.
 */
async function insertProducts(tx: SqlQueryable, products: readonly ProductRow[]): Promise<void> {
  const copied = { table: 'products', columns: PRODUCT_COLUMNS, rows: products };
  await copyOrInsert(tx, copied, async () => {
    await tx.query(
      `insert into products (${PRODUCT_COLUMN_NAMES})
       select ${PRODUCT_COLUMN_NAMES}
         from unnest(${unnestArrays(PRODUCT_COLUMNS)}) with ordinality as p(${PRODUCT_COLUMN_NAMES}, n)
        order by n
       on conflict (product_id) do nothing`,
      rowColumns(copied),
    );
  });
}

/** A placed order's reservation, a cancelled one's given back: the products' counters (a build adds them up first: projector/src/catalog/reservationTally.ts). */
export const reservationHandler: RowWriteHandler<Extract<CatalogueWrite, { readonly kind: 'reserveStock' }>, CatalogueWrite['kind']> = {
  stale: [CATALOGUE_AREA],
  table: 'product_reservations',
  rows: (write) => [reservation(write.productId)],
  // Adding to a counter commutes: an order projected before its product still counts.
  apply: (tx, write) => addReservations(tx, [write]),
  applyRun: addReservations,
};

/**
 * The catalogue's writes in SQL. Every catalogue answer (available stock shows on every product
 * page) goes stale with any of them; the product counts only with those that add, edit or delete a
 * product (PRODUCT_COUNTS_AREA), not with stock moving.
 */
export const catalogueWrites: RowWriteHandlers<CatalogueWrite> = {
  insertProduct: {
    stale: [CATALOGUE_AREA, PRODUCT_COUNTS_AREA],
    table: 'products',
    rows: (write) => [product(write.product.productId)],
    apply: (tx, write) => insertProducts(tx, [write.product]),
    applyRun: (tx, writes) =>
      insertProducts(
        tx,
        writes.map((write) => write.product),
      ),
  },
  deleteProduct: {
    stale: [CATALOGUE_AREA, PRODUCT_COUNTS_AREA],
    table: 'products',
    rows: (write) => [product(write.productId)],
    async apply(tx, write) {
      await tx.query('update products set deleted_at = $2 where product_id = $1 and deleted_at is null', [write.productId, write.at]);
    },
  },
  updateProduct: {
    stale: [CATALOGUE_AREA, PRODUCT_COUNTS_AREA],
    table: 'products',
    rows: (write) => [product(write.productId)],
    apply: updateProduct,
  },
  adjustStock: {
    stale: [CATALOGUE_AREA],
    table: 'products',
    rows: (write) => [product(write.productId)],
    apply: (tx, write) => adjustStock(tx, [write]),
    applyRun: adjustStock,
  },
  reserveStock: reservationHandler,
};
