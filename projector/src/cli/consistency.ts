import type { SqlQueryable } from '@toolforge/platform/sql';
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
  payment: boolean;
  user_id: string;
  product_id: string;
  placed_at: unknown;
  event_offsets: readonly unknown[];
  paid_with: string | null;
  payment_reference: string | null;
  payment_failure: string | null;
  refunded_cents: unknown;
}

interface ProductRow {
  product_id: string;
  name: string | null;
  price_cents: unknown;
  stock: unknown;
  reserved: unknown;
}

/** The values compared, as the report shows them: both sides as text. */
type Compared = readonly [field: string, log: string, readModel: string];

/**
 * The read model against the log: each order in range (quantity, the sum of its lines'; total,
 * status, payment, user; product, its first line's; the offsets of its events; how it was paid, its
 * last failure and its refunds; a row the log does not know of is a disagreement too), and each product's stock on hand (added, restocked, written
 * off), what the lines of the open orders hold of it, and its name and price as last edited. A
 * read model that lags behind the log shows as missing rows or older values.
 */
export async function checkReadModel(sql: SqlQueryable, ledger: LogLedger, filter: OrderAuditFilter): Promise<ConsistencyCheck> {
  const disagreements: Disagreement[] = [];
  let checked = 0;
  const compare = (what: Disagreement['what'], id: string, fields: readonly Compared[]) => {
    checked += 1;
    for (const [field, log, readModel] of fields) if (log !== readModel) disagreements.push({ what, id, field, log, readModel });
  };
  const rows = new Map(
    (
      await sql.query<OrderRow>(
        `select order_id, quantity, total_cost_cents, status, payment, user_id, product_id, placed_at, event_offsets,
                paid_with, payment_reference, payment_failure, refunded_cents
           from orders`,
      )
    ).rows.map((row) => [row.order_id, row]),
  );
  for (const order of ledger.orders.values()) {
    if (!inRange(order, filter)) continue;
    const row = rows.get(order.orderId);
    if (!row) {
      compare('order', order.orderId, [['row', 'present', MISSING]]);
      continue;
    }
    compare('order', order.orderId, [
      ['quantity', String(order.quantity), String(Number(row.quantity))],
      ['total_cost_cents', String(order.totalCostCents), String(Number(row.total_cost_cents))],
      ['status', order.status, row.status],
      ['payment', String(order.payment), String(row.payment)],
      ['user_id', order.userId, row.user_id],
      ['product_id', order.lines[0]!.productId, row.product_id],
      ['event_offsets', order.offsets.join(' '), row.event_offsets.map(Number).join(' ')],
      ['paid_with', String(order.paidWith), String(row.paid_with)],
      ['payment_reference', String(order.paymentReference), String(row.payment_reference)],
      ['payment_failure', String(order.paymentFailure), String(row.payment_failure)],
      ['refunded_cents', String(order.refundedCents), String(Number(row.refunded_cents))],
    ]);
  }
  for (const row of rows.values()) {
    if (ledger.orders.has(row.order_id)) continue;
    const placedAt = new Date(row.placed_at as string | Date).toISOString();
    // The row names its first line's product only: enough to tell whether the range takes it.
    if (!inRange({ orderId: row.order_id, placedAt, userId: row.user_id, lines: [{ productId: row.product_id }] }, filter)) continue;
    compare('order', row.order_id, [['row', MISSING, 'present']]);
  }
  const products = new Map(
    (
      await sql.query<ProductRow>(
        `select product_id, p.name, p.price_cents, p.stock, coalesce(r.reserved, 0) as reserved
           from products p full join product_reservations r using (product_id)`,
      )
    ).rows.map((row) => [row.product_id, row]),
  );
  // One order's audit checks its own products only.
  const ofOrder =
    filter.orderId === undefined ? undefined : new Set(ledger.orders.get(filter.orderId)?.lines.map((line) => line.productId));
  for (const [productId, product] of ledger.products) {
    if (filter.product && productId !== filter.product) continue;
    if (ofOrder && !ofOrder.has(productId)) continue;
    const row = products.get(productId);
    // A product's reservations may have a row without the product's (orders of a product never added).
    const listed = row !== undefined && row.stock !== null;
    const fields: Compared[] = [
      ['stock', product.details ? String(product.stock) : MISSING, listed ? String(Number(row.stock)) : MISSING],
      ['reserved', String(product.reserved), String(Number(row?.reserved ?? 0))],
    ];
    if (product.details && listed) {
      fields.push(
        ['name', product.details.name, String(row.name)],
        ['price_cents', String(product.details.priceCents), String(Number(row.price_cents))],
      );
    }
    compare('product', productId, fields);
  }
  return { checked, disagreements };
}
