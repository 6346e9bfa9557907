import type { Migration } from '@toolforge/platform/sql';

/**
 * - cart_lines: each customer's cart, a row per product they have put in it. A checkout empties the
 *   cart by its OrderPlaced, which is on another topic than the cart's events and projected in no
 *   fixed order with them (a rebuild projects every order before any cart), so the rows go by the
 *   versions of the customer's cart stream rather than by what came first:
 *   - `set_version`: the version of the cart's last event of the product: the CartLineSet of
 *     `quantity`, or its CartLineRemoved; `quantity` is null while the line is not in the cart
 *     (taken out, or emptied by a checkout of a version at or after `set_version`);
 *   - `checked_out_version`: a checkout of the product ahead of `set_version` (projected before
 *     the cart's events up to it), null otherwise: a set projected later at or before it is emptied;
 *   - `placed_version`: the CartLineSet that put the line in the cart, for the cart's order (lines
 *     as they were added).
 *   A product taken out keeps its row, with its version: a checkout projected after it learns that
 *   its line is out already.
 */
export const createCartLines: Migration = {
  version: 11,
  ddl: `
  create table cart_lines (
    user_id text not null,
    product_id text not null,
    quantity integer,
    set_version bigint,
    placed_version bigint,
    checked_out_version bigint,
    primary key (user_id, product_id)
  );
  `,
};
