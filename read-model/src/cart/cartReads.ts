import type { CartLine, CartProduct } from '@toolforge/contracts';
import type { SqlQueryable } from '@toolforge/platform/sql';
import { AVAILABLE_STOCK, PRODUCT_FIELD_READERS } from '../catalog/productColumns.js';
import { inCart } from './writes.js';

/** A customer's cart as the query side reads it: its lines in the order they were put in, and each line's product as it stands now. */
export interface CartView {
  readonly lines: readonly CartLine[];
  /** The products of the lines that the catalogue knows: a deleted one with nothing available. */
  readonly products: ReadonlyMap<string, CartProduct>;
}

/** The carts' reads. */
export interface CartReader {
  cartOf(userId: string): Promise<CartView>;
}

interface CartRecord {
  readonly productId: string;
  readonly quantity: unknown;
  /** Null for a product the catalogue has not (yet) projected. */
  readonly name: string | null;
  readonly priceCents: unknown;
  readonly priceTiers: unknown;
  readonly available: unknown;
}

/** The ladder's jsonb, read as the catalogue reads it. */
const readTiers = PRODUCT_FIELD_READERS.priceTiers!;

/** The carts' reads on the read model's tables (cart/tables.ts), each line joined to its product and what is left of its stock. */
export function sqlCartReader(sql: SqlQueryable): CartReader {
  return {
    async cartOf(userId) {
      const result = await sql.query<CartRecord>(
        `select c.product_id as "productId", c.quantity, p.name, p.price_cents as "priceCents", p.price_tiers as "priceTiers",
                case when p.deleted_at is null then ${AVAILABLE_STOCK} else 0 end as available
           from cart_lines c
           left join products p on p.product_id = c.product_id
           left join product_reservations r on r.product_id = c.product_id
          where c.user_id = $1 and ${inCart('c')}
          order by c.placed_version`,
        [userId],
      );
      const products = new Map<string, CartProduct>();
      for (const row of result.rows) {
        if (row.name === null) continue;
        products.set(row.productId, {
          name: row.name,
          priceCents: Number(row.priceCents),
          priceTiers: readTiers(row.priceTiers),
          available: Number(row.available),
        });
      }
      return { lines: result.rows.map((row) => ({ productId: row.productId, quantity: Number(row.quantity) })), products };
    },
  };
}
