import {
  LOW_STOCK_BELOW,
  LOW_STOCK_SHOWN,
  ORDER_STATUSES,
  SALES_TOP,
  type LowStockProduct,
  type OrderStatus,
  type ProductCategory,
  type SalesByCategory,
  type SalesDay,
  type SalesProduct,
  type SalesQuery,
  type SalesReport,
  type SalesTotals,
} from '@toolforge/contracts';
import type { SqlQueryable } from '@toolforge/platform/sql';

/** The admins' sales report as the query side reads it. */
export interface SalesReader {
  /** The report of the orders placed at or after `from` and before `to` (docs/read-model.md#the-sales-report). */
  salesReport(period: SalesQuery): Promise<SalesReport>;
}

interface DayStatusRecord {
  readonly day: string;
  readonly status: OrderStatus;
  readonly orders: unknown;
  readonly quantity: unknown;
  readonly revenue: unknown;
  readonly paid: unknown;
  readonly refunded: unknown;
}

interface ProductRecord {
  readonly product_id: string;
  readonly name: string | null;
  readonly category: ProductCategory | null;
  readonly orders: unknown;
  readonly quantity: unknown;
  readonly revenue: unknown;
}

interface CustomerRecord {
  readonly user_id: string;
  readonly name: string | null;
  readonly orders: unknown;
  readonly revenue: unknown;
}

interface StockRecord {
  readonly product_id: string;
  readonly name: string;
  readonly stock: unknown;
  readonly reserved: unknown;
}

const DAY_MILLIS = 86_400_000;

/** Every UTC day from `from`'s to the one holding the last moment before `to`, as YYYY-MM-DD. */
function daysOf({ from, to }: SalesQuery): string[] {
  const days: string[] = [];
  for (let day = Math.floor(from.getTime() / DAY_MILLIS); day * DAY_MILLIS < to.getTime(); day += 1)
    days.push(new Date(day * DAY_MILLIS).toISOString().slice(0, 10));
  return days;
}

const emptyTotals = (): SalesTotals => ({ orders: 0, quantity: 0, revenueCents: 0 });

/** The revenue first, then the key: the audit lists its groups by key, so ties rank the same way every time. */
const byRevenue =
  <Row extends { revenueCents: number }>(key: (row: Row) => string) =>
  (a: Row, b: Row) =>
    b.revenueCents - a.revenueCents || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/**
 * The report's reads on sales_orders and sales_order_lines (migrations/016-sales-orders.ts), the
 * names and categories joined from the catalogue's and the accounts' tables as they are now: the
 * orders grouped by UTC day and status (the totals, days, statuses and money folded from those
 * groups), the lines by product (the categories folded from those), the orders by customer (the
 * top ones), and the products low on stock. The orders in range are found by `sales_orders_placed`.
 */
export function sqlSalesReader(sql: SqlQueryable): SalesReader {
  return {
    async salesReport(period) {
      const range = [period.from.toISOString(), period.to.toISOString()];
      const [groups, products, customers, stock] = await Promise.all([
        sql.query<DayStatusRecord>(
          `select to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD') as day, status, count(*) as orders,
                  sum(quantity) as quantity, sum(total_cents) as revenue, sum(paid_cents) as paid, sum(refunded_cents) as refunded
             from sales_orders where placed_at >= $1 and placed_at < $2
            group by 1, 2`,
          range,
        ),
        sql.query<ProductRecord>(
          `select l.product_id, p.name, p.category, count(distinct l.order_id) as orders, sum(l.quantity) as quantity,
                  sum(l.share_cents) as revenue
             from sales_orders o join sales_order_lines l on l.order_id = o.order_id
             left join products p on p.product_id = l.product_id
            where o.placed_at >= $1 and o.placed_at < $2 and o.status <> 'cancelled'
            group by l.product_id, p.name, p.category`,
          range,
        ),
        sql.query<CustomerRecord>(
          `select o.user_id, u.name, o.orders, o.revenue
             from (select user_id, count(*) as orders, sum(total_cents) as revenue from sales_orders
                    where placed_at >= $1 and placed_at < $2 and status <> 'cancelled' group by user_id
                    order by revenue desc, user_id collate "C" limit $3) as o
             left join users u on u.uid = o.user_id`,
          [...range, SALES_TOP],
        ),
        sql.query<StockRecord>(
          `select p.product_id, p.name, p.stock, coalesce(r.reserved, 0) as reserved
             from products p left join product_reservations r on r.product_id = p.product_id
            where p.deleted_at is null and p.stock - coalesce(r.reserved, 0) < $1
            order by p.stock - coalesce(r.reserved, 0), p.name, p.product_id limit $2`,
          [LOW_STOCK_BELOW, LOW_STOCK_SHOWN],
        ),
      ]);
      return {
        from: range[0]!,
        to: range[1]!,
        ...ordersOf(period, groups.rows),
        ...productsOf(products.rows),
        topCustomers: customers.rows
          .map((row) => ({ userId: row.user_id, name: row.name, orders: Number(row.orders), revenueCents: Number(row.revenue) }))
          .sort(byRevenue((customer) => customer.userId)),
        lowStock: stock.rows.map(lowStockOf),
      };
    },
  };
}

/**
 * The totals, days, statuses and money of the orders in range, from their groups by day and status:
 * a cancelled order sold nothing (out of the totals and the days' sales), but shows in its status,
 * and the money captured for it and refunded counts.
 */
function ordersOf(period: SalesQuery, groups: readonly DayStatusRecord[]) {
  const totals = emptyTotals();
  const days = new Map<string, SalesDay>(daysOf(period).map((day) => [day, { day, ...emptyTotals(), paidCents: 0 }]));
  const statuses = new Map<OrderStatus, { orders: number; revenueCents: number }>();
  let paidCents = 0;
  let refundedCents = 0;
  for (const group of groups) {
    const [orders, quantity, revenueCents, paid] = [
      Number(group.orders),
      Number(group.quantity),
      Number(group.revenue),
      Number(group.paid),
    ];
    const day = days.get(group.day)!;
    const status = statuses.get(group.status) ?? { orders: 0, revenueCents: 0 };
    statuses.set(group.status, { orders: status.orders + orders, revenueCents: status.revenueCents + revenueCents });
    paidCents += paid;
    refundedCents += Number(group.refunded);
    day.paidCents += paid;
    if (group.status === 'cancelled') continue;
    for (const sums of [totals, day]) {
      sums.orders += orders;
      sums.quantity += quantity;
      sums.revenueCents += revenueCents;
    }
  }
  return {
    totals,
    paidCents,
    refundedCents,
    byDay: [...days.values()],
    byStatus: ORDER_STATUSES.filter((status) => statuses.has(status)).map((status) => ({ status, ...statuses.get(status)! })),
  };
}

/** The top products, and the categories summed from every product sold (a product the catalogue does not know: category null). */
function productsOf(rows: readonly ProductRecord[]): Pick<SalesReport, 'byCategory' | 'topProducts'> {
  const products: (SalesProduct & { category: ProductCategory | null })[] = rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    category: row.category,
    orders: Number(row.orders),
    quantity: Number(row.quantity),
    revenueCents: Number(row.revenue),
  }));
  const categories = new Map<ProductCategory | null, SalesByCategory>();
  for (const { category, quantity, revenueCents } of products) {
    const sums = categories.get(category) ?? { category, quantity: 0, revenueCents: 0 };
    categories.set(category, { category, quantity: sums.quantity + quantity, revenueCents: sums.revenueCents + revenueCents });
  }
  return {
    byCategory: [...categories.values()].sort(byRevenue((sums) => sums.category ?? '\uffff')),
    topProducts: products
      .sort(byRevenue((product) => product.productId))
      .slice(0, SALES_TOP)
      .map(({ category: _category, ...product }) => product),
  };
}

function lowStockOf(row: StockRecord): LowStockProduct {
  const [stock, reserved] = [Number(row.stock), Number(row.reserved)];
  return { productId: row.product_id, name: row.name, stock, reserved, available: stock - reserved };
}
