import type { Cents, ProductCategory } from '@toolforge/contracts';
import { isoTime, type Slice, type SqlQueryable } from '@toolforge/platform';
import { recordReader } from '../shared/driverRecord.js';

/** A product as the query side reads it: available stock is stock minus every reservation. */
export interface ProductView {
  readonly productId: string;
  readonly name: string;
  readonly category: ProductCategory;
  readonly model: string;
  readonly imageUrl: string;
  readonly priceCents: Cents;
  readonly availableStock: number;
  readonly minOrder: number;
  readonly description: string;
  readonly addedAt: string;
  /** Its reviews that are up, and the sum of their stars (reviews/tables.ts). */
  readonly reviewCount: number;
  readonly ratingSum: number;
}

/** The catalogue's reads: products not deleted, newest first. */
export interface CatalogueReader {
  listProducts(slice: Slice): Promise<ProductView[]>;
  countProducts(): Promise<number>;
  findProduct(productId: string): Promise<ProductView | undefined>;
}

// Each column under its view's name, so a record needs only its numbers and times read.
const PRODUCT_COLUMNS = `
  p.product_id as "productId", p.name, p.category, p.model, p.image_url as "imageUrl", p.price_cents as "priceCents",
  p.min_order as "minOrder", p.description, p.added_at as "addedAt",
  greatest(p.stock - coalesce(r.reserved, 0), 0) as "availableStock",
  coalesce(pr.review_count, 0) as "reviewCount", coalesce(pr.rating_sum, 0) as "ratingSum"`;
// A product's reservations and ratings: each kept apart from products and keyed by product (catalog/tables.ts, reviews/tables.ts).
const WITH_RESERVATIONS = `left join product_reservations r on r.product_id = p.product_id
  left join product_ratings pr on pr.product_id = p.product_id`;
const NEWEST_FIRST = 'added_at desc, log_partition desc, log_offset desc';

/**
 * A page of the newest products: its keys first, skipping `offset` of them in products_newest
 * alone (an index-only scan), then its own rows and reservations. Joined before the cut, every
 * skipped product would be read and joined too (catalog/tables.ts, version 4).
 */
const NEWEST_PAGE = `
  with page as (
    select product_id, added_at, log_partition, log_offset from products where deleted_at is null order by ${NEWEST_FIRST} limit $1 offset $2
  )
  select ${PRODUCT_COLUMNS}
    from page join products p on p.product_id = page.product_id ${WITH_RESERVATIONS}
   order by page.added_at desc, page.log_partition desc, page.log_offset desc`;

// The numbers and times come back in whichever shape the driver chose: read both ways.
const toProductView = recordReader<ProductView>()({
  priceCents: Number,
  availableStock: Number,
  minOrder: Number,
  addedAt: isoTime,
  reviewCount: Number,
  ratingSum: Number,
});
type ProductRecord = Parameters<typeof toProductView>[0];

/** The catalogue's reads on the read model's tables (catalog/tables.ts). */
export function sqlCatalogueReader(sql: SqlQueryable): CatalogueReader {
  return {
    async listProducts(slice) {
      const result = await sql.query<ProductRecord>(NEWEST_PAGE, [slice.limit, slice.offset]);
      return result.rows.map(toProductView);
    },
    async countProducts() {
      const result = await sql.query<{ count: unknown }>('select count(*) as count from products where deleted_at is null');
      return Number(result.rows[0]!.count);
    },
    async findProduct(productId) {
      const result = await sql.query<ProductRecord>(
        `select ${PRODUCT_COLUMNS} from products p ${WITH_RESERVATIONS} where p.product_id = $1 and p.deleted_at is null`,
        [productId],
      );
      return result.rows[0] && toProductView(result.rows[0]);
    },
  };
}
