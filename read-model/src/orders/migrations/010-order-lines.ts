import type { Migration } from '@toolforge/platform/sql';

/**
 * - order_lines: each line of an order as placed, numbered from 1 in the order's own order. The
 *   order lists read an order's lines by its id (the primary key's first column); the index by
 *   product serves what asks which orders hold a product.
 * - orders keeps the columns the spec's answer names: the first line's product, every line's
 *   quantity together, the total. A unit price belongs to a line, so it leaves orders.
 * Every order placed before had one line: it is copied from its row.
 */
export const orderLines: Migration = {
  version: 10,
  ddl: `
  create table order_lines (
    order_id text not null,
    line_no integer not null,
    product_id text not null,
    product_name text not null,
    quantity integer not null,
    unit_price_cents bigint not null,
    line_total_cents bigint not null,
    primary key (order_id, line_no)
  );
  create index order_lines_of_product on order_lines (product_id);
  insert into order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents, line_total_cents)
    select order_id, 1, product_id, product_name, quantity, unit_price_cents, unit_price_cents * quantity from orders;
  alter table orders drop column unit_price_cents;
  `,
};
