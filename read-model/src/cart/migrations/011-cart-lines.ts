import type { Migration } from '@toolforge/platform/sql';

/**
 * - cart_lines: each customer's cart, a row per product they have put in it. A checkout empties
 *   the cart by its OrderPlaced, which is on another topic than the cart's events and projected in
 *   no fixed order with them (a rebuild projects every order before any cart): so a checkout does
 *   not delete its lines but records when it emptied them (`emptied_at`), and a line is in the cart
 *   while it was set after that (`set_at`), whichever came first. `quantity` is null once the
 *   customer took the line out. `placed_at`/`placed_offset` is the CartLineSet that put the line in
 *   the cart, for the cart's order (lines as they were added); `set_offset` is the last one's.
 */
export const createCartLines: Migration = {
  version: 11,
  ddl: `
  create table cart_lines (
    user_id text not null,
    product_id text not null,
    quantity integer,
    set_at timestamptz,
    set_offset bigint,
    placed_at timestamptz,
    placed_offset bigint,
    emptied_at timestamptz,
    primary key (user_id, product_id)
  );
  `,
};
