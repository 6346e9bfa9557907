import type { SqlQueryable } from '@toolforge/platform/sql';
import type { RowKey, RowWriteHandlers } from '../feature.js';

/** A CartLineSet as the projector records it: the line's quantity from now on, when, and where it sits in the cart's stream. */
export interface CartLineRow {
  readonly userId: string;
  readonly productId: string;
  readonly quantity: number;
  readonly setAt: string;
  readonly offset: number;
}

/** What the carts' events, and a checkout's OrderPlaced, ask of cart_lines. */
export type CartWrite =
  | { readonly kind: 'setCartLine'; readonly line: CartLineRow }
  | { readonly kind: 'removeCartLine'; readonly userId: string; readonly productId: string }
  | { readonly kind: 'emptyCart'; readonly userId: string; readonly productIds: readonly string[]; readonly at: string };

/**
 * Whether the row of `cart_lines` under `alias` is a line of the cart now: the customer has not
 * taken it out, and set it after the last checkout of it (see migrations/011-cart-lines.ts). The
 * reads and the writes decide it alike.
 */
export const inCart = (alias: string) =>
  `(${alias}.quantity is not null and (${alias}.emptied_at is null or ${alias}.set_at > ${alias}.emptied_at))`;

/*
 * The cart's own events come in their order (a customer's cart is one stream), a checkout's
 * OrderPlaced in none with them. So every write leaves the row as that order of the log would,
 * whichever of them is applied first: a line set again keeps its place in the cart, one set after
 * being out of it (taken out, emptied, never in) takes the place of that set. Each is safe to repeat.
 */

async function setCartLine(tx: SqlQueryable, { line }: { line: CartLineRow }): Promise<void> {
  await tx.query(
    `insert into cart_lines as c (user_id, product_id, quantity, set_at, set_offset, placed_at, placed_offset)
     values ($1, $2, $3, $4, $5, $4, $5)
     on conflict (user_id, product_id) do update set
       quantity = excluded.quantity, set_at = excluded.set_at, set_offset = excluded.set_offset,
       placed_at = case when ${inCart('c')} then c.placed_at else excluded.placed_at end,
       placed_offset = case when ${inCart('c')} then c.placed_offset else excluded.placed_offset end`,
    [line.userId, line.productId, line.quantity, line.setAt, line.offset],
  );
}

async function removeCartLine(tx: SqlQueryable, write: { userId: string; productId: string }): Promise<void> {
  // A row that records a checkout keeps it: a set older than the checkout may still be projected after this.
  await tx.query(
    `with dropped as (delete from cart_lines where user_id = $1 and product_id = $2 and emptied_at is null)
     update cart_lines set quantity = null where user_id = $1 and product_id = $2 and emptied_at is not null`,
    [write.userId, write.productId],
  );
}

async function emptyCart(tx: SqlQueryable, write: { userId: string; productIds: readonly string[]; at: string }): Promise<void> {
  // A checkout projected after a set that followed it (the line put in again since): the line is
  // back in the cart from its last set, the first after the checkout unless it was set again since.
  const putBackSince = 'c.placed_at <= excluded.emptied_at and c.set_at > excluded.emptied_at';
  await tx.query(
    `insert into cart_lines as c (user_id, product_id, emptied_at)
     select $1, product_id, $3 from unnest($2::text[]) as product_id
     on conflict (user_id, product_id) do update set
       emptied_at = greatest(c.emptied_at, excluded.emptied_at),
       placed_at = case when ${putBackSince} then c.set_at else c.placed_at end,
       placed_offset = case when ${putBackSince} then c.set_offset else c.placed_offset end`,
    [write.userId, write.productIds, write.at],
  );
}

/** Every row of a customer's cart: a replay compares and repairs the cart whole. */
const cartOf = (userId: string): RowKey => ({ table: 'cart_lines', keyColumn: 'user_id', key: userId });

/**
 * The carts' writes in SQL. No cached answer goes stale with them: a cart is read only by its
 * customer and priced with the catalogue's prices and stock of the moment, so GET /cart reads the
 * read model every time (query-service/src/cart/).
 */
export const cartWrites: RowWriteHandlers<CartWrite> = {
  setCartLine: { stale: [], table: 'cart_lines', rows: (write) => [cartOf(write.line.userId)], apply: setCartLine },
  removeCartLine: { stale: [], table: 'cart_lines', rows: (write) => [cartOf(write.userId)], apply: removeCartLine },
  emptyCart: { stale: [], table: 'cart_lines', rows: (write) => [cartOf(write.userId)], apply: emptyCart },
};
