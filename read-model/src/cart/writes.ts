import type { SqlQueryable } from '@toolforge/platform/sql';
import type { RowKey, RowWriteHandlers } from '../feature.js';

/** A CartLineSet as the projector records it: the line's quantity from now on, at its version of the customer's cart stream. */
export interface CartLineRow {
  readonly userId: string;
  readonly productId: string;
  readonly quantity: number;
  readonly version: number;
}

/** What the carts' events, and a checkout's OrderPlaced, ask of cart_lines. */
export type CartWrite =
  | { readonly kind: 'setCartLine'; readonly line: CartLineRow }
  | { readonly kind: 'removeCartLine'; readonly userId: string; readonly productId: string; readonly version: number }
  | { readonly kind: 'emptyCart'; readonly userId: string; readonly productIds: readonly string[]; readonly cartVersion: number };

/**
 * Whether the row of `cart_lines` under `alias` is a line of the cart now: the writes keep its
 * quantity only while it was set after every checkout of it (see migrations/011-cart-lines.ts).
 */
export const inCart = (alias: string) => `${alias}.quantity is not null`;

/*
 * The cart's own events come in their order (a customer's cart is one stream), a checkout's
 * OrderPlaced in none with them. Every write compares versions of the cart's stream, never what was
 * projected first, so the rows end the same whichever of them is applied first: a line is in the
 * cart when it was set after the checkout's version. A checkout is kept on the row (as
 * `checked_out_version`) only while it is ahead of the product's own events: those projected after
 * it come later in the stream. Each write is safe to repeat.
 */

/** The checkout kept on the row `c`, once the product's own events reach `version`: still ahead of them, or none. */
const checkoutStillAhead = (version: string) => `case when c.checked_out_version > ${version} then c.checked_out_version end`;

async function setCartLine(tx: SqlQueryable, { line }: { line: CartLineRow }): Promise<void> {
  // A set at or before a checkout projected earlier is emptied by it; one after it is in the cart,
  // at the place of the set that put it there (a set again keeps the line's place).
  const emptied = 'c.checked_out_version >= excluded.set_version';
  await tx.query(
    `insert into cart_lines as c (user_id, product_id, quantity, set_version, placed_version)
     values ($1, $2, $3, $4, $4)
     on conflict (user_id, product_id) do update set
       quantity = case when ${emptied} then null else excluded.quantity end,
       placed_version = case when ${emptied} then null when ${inCart('c')} then c.placed_version else excluded.placed_version end,
       checked_out_version = ${checkoutStillAhead('excluded.set_version')},
       set_version = excluded.set_version`,
    [line.userId, line.productId, line.quantity, line.version],
  );
}

async function removeCartLine(tx: SqlQueryable, write: { userId: string; productId: string; version: number }): Promise<void> {
  await tx.query(
    `insert into cart_lines as c (user_id, product_id, set_version) values ($1, $2, $3)
     on conflict (user_id, product_id) do update set
       quantity = null, placed_version = null,
       checked_out_version = ${checkoutStillAhead('excluded.set_version')},
       set_version = excluded.set_version`,
    [write.userId, write.productId, write.version],
  );
}

async function emptyCart(tx: SqlQueryable, write: { userId: string; productIds: readonly string[]; cartVersion: number }): Promise<void> {
  // A line set after the checkout (projected before it) stays, from that set: the first after the
  // checkout unless it was set again since, when it takes the place of the last one. The checkout is
  // kept only when it is ahead of the product's events projected so far.
  const keeps = 'c.set_version > excluded.checked_out_version';
  await tx.query(
    `insert into cart_lines as c (user_id, product_id, checked_out_version)
     select $1, product_id, $3 from unnest($2::text[]) as product_id
     on conflict (user_id, product_id) do update set
       quantity = case when ${keeps} then c.quantity end,
       placed_version = case when ${keeps} and ${inCart('c')} then
         case when c.placed_version > excluded.checked_out_version then c.placed_version else c.set_version end end,
       checked_out_version = case when coalesce(c.set_version, 0) < excluded.checked_out_version
         then greatest(c.checked_out_version, excluded.checked_out_version) else c.checked_out_version end`,
    [write.userId, write.productIds, write.cartVersion],
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
