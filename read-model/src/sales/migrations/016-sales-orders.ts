import type { Migration } from '@toolforge/platform/sql';

/**
 * The sales report's tables (sales/index.ts), ids and numbers only: names and categories are read
 * from the catalogue's and the accounts' tables when the report is asked for.
 * - sales_orders: each order as the report counts it: its customer, when it was placed (the event's
 *   occurredAt, as `toolforge audit orders` takes it), its status now, its lines' quantities summed,
 *   its total, the money captured for it (`paid_cents`: every OrderPaid's amount, the total for one
 *   that said no amount, and every PaymentNotApplied's) and refunded (`refunded_cents`), and
 *   `last_offset`, the offset of the last event of its stream applied (each later event is applied
 *   once: an order's events are one partition's, in order);
 * - sales_order_lines: each line's product, quantity, and its share of the order's total
 *   (contracts' totalShares), numbered from 1 as the order's lines.
 * A read model that already holds orders brings them over from `orders` and `order_lines`: the
 * same orders, statuses, quantities, totals and refunds, each line's share by the same rule (the
 * largest remainders, the earlier line first), computed here in SQL. What was captured is known
 * only as `orders.payment`: a paid order counts its total (a card payment is exactly the total), a
 * payment not applied counts nothing; a rebuild (`toolforge rebuild`) counts each as the log says.
 */
export const createSalesOrders: Migration = {
  version: 16,
  ddl: `
  create table sales_orders (
    order_id text primary key,
    user_id text not null,
    placed_at timestamptz not null,
    status text not null,
    quantity integer not null,
    total_cents bigint not null,
    paid_cents bigint not null,
    refunded_cents bigint not null,
    last_offset bigint not null
  );
  create index sales_orders_placed on sales_orders (placed_at);
  create table sales_order_lines (
    order_id text not null,
    line_no integer not null,
    product_id text not null,
    quantity integer not null,
    share_cents bigint not null,
    primary key (order_id, line_no)
  );
  insert into sales_orders (order_id, user_id, placed_at, status, quantity, total_cents, paid_cents, refunded_cents, last_offset)
    select order_id, user_id, placed_at, status, quantity, total_cost_cents, case when payment then total_cost_cents else 0 end,
           refunded_cents, event_offsets[cardinality(event_offsets)]
      from orders;
  with weighed as (
    select l.order_id, l.line_no, l.product_id, l.quantity, o.total_cost_cents::numeric as total,
           (case when sum(l.line_total_cents) over (partition by l.order_id) > 0 then l.line_total_cents else l.quantity end)::numeric as weight
      from order_lines l join orders o on o.order_id = l.order_id
  ), split as (
    select *, div(total * weight, sum(weight) over (partition by order_id)) as floor_cents,
           mod(total * weight, sum(weight) over (partition by order_id)) as remainder
      from weighed
  ), ranked as (
    select *, total - sum(floor_cents) over (partition by order_id) as left_cents,
           row_number() over (partition by order_id order by remainder desc, line_no) as rank
      from split
  )
  insert into sales_order_lines (order_id, line_no, product_id, quantity, share_cents)
    select order_id, line_no, product_id, quantity, floor_cents + case when rank <= left_cents then 1 else 0 end from ranked;
  `,
};
