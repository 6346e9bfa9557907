import type { ProductCategory } from '@toolforge/contracts';
import { isoTime, type Slice, type SqlQueryable } from '@toolforge/platform';

/** A product as the query side reads it: available stock is stock minus every reservation. */
export interface ProductView {
  readonly productId: string;
  readonly name: string;
  readonly category: ProductCategory;
  readonly model: string;
  readonly imageUrl: string;
  readonly priceCents: number;
  readonly availableStock: number;
  readonly minOrder: number;
  readonly description: string;
  readonly addedAt: string;
}

/** The catalogue's reads: products not deleted, newest first. */
export interface CatalogueReader {
  listProducts(slice: Slice): Promise<ProductView[]>;
  countProducts(): Promise<number>;
  findProduct(productId: string): Promise<ProductView | undefined>;
}

const SELECT_PRODUCTS = `
  select p.product_id, p.name, p.category, p.model, p.image_url, p.price_cents, p.min_order, p.description, p.added_at,
         greatest(p.stock - coalesce(r.reserved, 0), 0) as available_stock
    from products p left join product_reservations r on r.product_id = p.product_id`;

/** The catalogue's reads on the read model's tables (catalog/tables.ts). */
export function sqlCatalogueReader(sql: SqlQueryable): CatalogueReader {
  return {
    async listProducts(slice) {
      const result = await sql.query<ProductRecord>(
        `${SELECT_PRODUCTS} where p.deleted_at is null
         order by p.added_at desc, p.log_partition desc, p.log_offset desc
         limit $1 offset $2`,
        [slice.limit, slice.offset],
      );
      return result.rows.map(toProductView);
    },
    async countProducts() {
      const result = await sql.query<{ count: unknown }>('select count(*) as count from products where deleted_at is null');
      return Number(result.rows[0]!.count);
    },
    async findProduct(productId) {
      const result = await sql.query<ProductRecord>(`${SELECT_PRODUCTS} where p.product_id = $1 and p.deleted_at is null`, [productId]);
      return result.rows[0] && toProductView(result.rows[0]);
    },
  };
}

// Drivers differ in how they hand back bigint and timestamptz (number, string, BigInt, Date): read both ways.
interface ProductRecord {
  product_id: string;
  name: string;
  category: string;
  model: string;
  image_url: string;
  price_cents: unknown;
  min_order: unknown;
  description: string;
  added_at: unknown;
  available_stock: unknown;
}

function toProductView(row: ProductRecord): ProductView {
  return {
    productId: row.product_id,
    name: row.name,
    category: row.category as ProductCategory,
    model: row.model,
    imageUrl: row.image_url,
    priceCents: Number(row.price_cents),
    availableStock: Number(row.available_stock),
    minOrder: Number(row.min_order),
    description: row.description,
    addedAt: isoTime(row.added_at),
  };
}
