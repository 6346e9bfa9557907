import type { SqlQueryable } from '@toolforge/platform';
import { inRange, type LogLedger, type OrderAuditFilter } from './orderAudit.js';

/** One way the read model differs from the log. */
export interface Disagreement {
  readonly what: 'order' | 'product';
  readonly id: string;
  readonly field: string;
  readonly log: string;
  readonly readModel: string;
}

export interface ConsistencyCheck {
  /** Order rows and products compared. */
  readonly checked: number;
  readonly disagreements: readonly Disagreement[];
}

const MISSING = '(missing)';

interface OrderRow {
  order_id: string;
  quantity: unknown;
  total_cost_cents: unknown;
  status: string;
  user_id: string;
  product_id: string;
  placed_at: unknown;
}

/**
 * The read model against the log: each order in range (quantity, total, status, user, product; a
 * row the log does not know of is a disagreement too), and each product's remaining stock (added
 * stock less every order's quantity). A read model that lags behind the log shows as missing rows.
 */
export async function checkReadModel(sql: SqlQueryable, ledger: LogLedger, filter: OrderAuditFilter): Promise<ConsistencyCheck> {
  const disagreements: Disagreement[] = [];
  let checked = 0;
  const rows = new Map(
    (await sql.query<OrderRow>('select order_id, quantity, total_cost_cents, status, user_id, product_id, placed_at from orders')).rows.map(
      (row) => [row.order_id, row],
    ),
  );
  for (const order of ledger.orders.values()) {
    if (!inRange(order, filter)) continue;
    checked += 1;
    const row = rows.get(order.orderId);
    if (!row) {
      disagreements.push({ what: 'order', id: order.orderId, field: 'row', log: 'present', readModel: MISSING });
      continue;
    }
    const fields: [string, string, string][] = [
      ['quantity', String(order.quantity), String(Number(row.quantity))],
      ['total_cost_cents', String(order.totalCostCents), String(Number(row.total_cost_cents))],
      ['status', order.status, row.status],
      ['user_id', order.userId, row.user_id],
      ['product_id', order.productId, row.product_id],
    ];
    for (const [field, log, readModel] of fields)
      if (log !== readModel) disagreements.push({ what: 'order', id: order.orderId, field, log, readModel });
  }
  for (const row of rows.values()) {
    if (ledger.orders.has(row.order_id)) continue;
    const placedAt = new Date(row.placed_at as string | Date).toISOString();
    if (!inRange({ orderId: row.order_id, placedAt, userId: row.user_id, productId: row.product_id }, filter)) continue;
    checked += 1;
    disagreements.push({ what: 'order', id: row.order_id, field: 'row', log: MISSING, readModel: 'present' });
  }
  const stock = new Map(
    (
      await sql.query<{ product_id: string; remaining: unknown }>(
        'select p.product_id, p.stock - coalesce(r.reserved, 0) as remaining from products p left join product_reservations r using (product_id)',
      )
    ).rows.map((row) => [row.product_id, Number(row.remaining)]),
  );
  for (const [productId, product] of ledger.products) {
    if (filter.product && productId !== filter.product) continue;
    // One order's audit checks the stock of its own product only.
    if (filter.orderId && productId !== ledger.orders.get(filter.orderId)?.productId) continue;
    checked += 1;
    const remaining = stock.get(productId);
    const expected = String(product.stock - product.reserved);
    const actual = remaining === undefined ? MISSING : String(remaining);
    if (expected !== actual)
      disagreements.push({ what: 'product', id: productId, field: 'remaining_stock', log: expected, readModel: actual });
  }
  return { checked, disagreements };
}
