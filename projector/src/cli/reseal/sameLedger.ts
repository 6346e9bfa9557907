import { formatCents } from '@toolforge/contracts';
import { auditOrders, type LogLedger, type OrderTotals } from '../orderAudit.js';

/** What the audit's ledgers of two logs have the same, and where they differ. */
export interface LedgerComparison {
  readonly orders: number;
  readonly customers: number;
  /** The revenue of the orders not cancelled, in cents, as `audit orders` totals it. */
  readonly revenueCents: number;
  /** Each difference, named by order or customer: empty when the two logs tell the same account. */
  readonly differences: readonly string[];
}

/**
 * Whether two logs tell the same account of the orders (`audit orders`' ledger, orderAudit.ts), to
 * the cent: each order's customer, status, sums and refunds, each customer's totals, and the
 * totals of all. A reseal changes personal values only, so every figure must come out the same.
 */
export function sameLedger(before: LogLedger, after: LogLedger): LedgerComparison {
  const differences: string[] = [];
  for (const orderId of new Set([...before.orders.keys(), ...after.orders.keys()])) {
    const was = before.orders.get(orderId);
    const is = after.orders.get(orderId);
    if (!was || !is) {
      differences.push(`order ${orderId}: only in the ${was ? 'old' : 'new'} log`);
      continue;
    }
    const figures = (order: typeof was) => ({
      customer: order.userId,
      status: order.status,
      paid: String(order.payment),
      quantity: String(order.quantity),
      subtotal: formatCents(order.subtotalCents),
      total: formatCents(order.totalCostCents),
      refunded: formatCents(order.refundedCents),
    });
    const [old, now] = [figures(was), figures(is)];
    for (const field of Object.keys(old) as (keyof typeof old)[])
      if (old[field] !== now[field]) differences.push(`order ${orderId}: ${field} ${old[field]} in the old log, ${now[field]} in the new`);
  }
  const [old, now] = [auditOrders(before, {}), auditOrders(after, {})];
  const totals = (group: OrderTotals | undefined) =>
    group ? `${group.orders} orders, ${group.quantity} items, ${formatCents(group.revenueCents)}` : 'nothing';
  for (const customer of new Set([...old.byUser.keys(), ...now.byUser.keys()])) {
    const [was, is] = [totals(old.byUser.get(customer)), totals(now.byUser.get(customer))];
    if (was !== is) differences.push(`customer ${customer}: ${was} in the old log, ${is} in the new`);
  }
  if (totals(old.totals) !== totals(now.totals))
    differences.push(`all orders: ${totals(old.totals)} in the old log, ${totals(now.totals)} in the new`);
  return { orders: before.orders.size, customers: old.byUser.size, revenueCents: old.totals.revenueCents, differences };
}
