import { formatCents } from '@toolforge/contracts';
import type { ConsistencyCheck } from './consistency.js';
import type { AuditedOrder, LogLedger, OrdersAudit, OrderTotals } from './orderAudit.js';
import { csv, textTable } from './output.js';

type Format = 'table' | 'json' | 'csv';

function totalsJson(totals: OrderTotals) {
  return { orders: totals.orders, quantity: totals.quantity, revenue: formatCents(totals.revenueCents) };
}

function groupsJson(groups: ReadonlyMap<string, OrderTotals>) {
  return Object.fromEntries([...groups].map(([key, totals]) => [key, totalsJson(totals)]));
}

/** Each audited order's product: its stock on hand, what the open orders of the whole log hold of it, and what remains. */
function stockRows(audit: OrdersAudit, ledger: LogLedger) {
  const productIds = [...new Set(audit.orders.map((order) => order.productId))].sort();
  return productIds.map((productId) => {
    const product = ledger.products.get(productId) ?? { stock: 0, reserved: 0 };
    return { productId, stock: product.stock, reserved: product.reserved, remaining: product.stock - product.reserved };
  });
}

/** One order's events as the log holds them, each with who did it and the status it left. */
function historyTable(order: AuditedOrder): string {
  return `History of ${order.orderId}\n${textTable(
    ['POSITION', 'TIME', 'TYPE', 'BY', 'STATUS', 'REASON'],
    order.events.map((event) => [event.position, event.time, event.type, event.actor ?? '(shop)', event.status, event.reason ?? '']),
  )}`;
}

/** The audit as JSON, CSV (one row per order) or text tables. */
export function auditReport(format: Format, audit: OrdersAudit, ledger: LogLedger, check: ConsistencyCheck): string {
  if (format === 'json') {
    return `${JSON.stringify(
      {
        orders: audit.orders.map((order) => ({
          ...order,
          unitPrice: formatCents(order.unitPriceCents),
          totalCost: formatCents(order.totalCostCents),
        })),
        totals: {
          ...totalsJson(audit.totals),
          byDay: groupsJson(audit.byDay),
          byProduct: groupsJson(audit.byProduct),
          byUser: groupsJson(audit.byUser),
        },
        stock: stockRows(audit, ledger),
        consistency: check,
      },
      null,
      2,
    )}\n`;
  }
  const orderCells = audit.orders.map((order) => [
    order.orderId,
    order.placedAt,
    order.userId,
    order.productId,
    String(order.quantity),
    formatCents(order.unitPriceCents),
    formatCents(order.totalCostCents),
    order.status,
    order.payment ? 'paid' : 'unpaid',
    order.events.map((event) => `${event.type}@${event.position}`).join(' '),
  ]);
  const orderHeader = ['ORDER', 'PLACED', 'USER', 'PRODUCT', 'QUANTITY', 'UNIT PRICE', 'TOTAL', 'STATUS', 'PAYMENT', 'EVENTS'];
  if (format === 'csv')
    return csv(
      orderHeader.map((title) => title.toLowerCase().replaceAll(' ', '_')),
      orderCells,
    );
  const groupTable = (title: string, groups: ReadonlyMap<string, OrderTotals>) =>
    textTable(
      [title, 'ORDERS', 'QUANTITY', 'REVENUE'],
      [...groups, ['TOTAL', audit.totals] as const].map(([key, totals]) => [
        key,
        String(totals.orders),
        String(totals.quantity),
        formatCents(totals.revenueCents),
      ]),
    );
  const consistency =
    check.disagreements.length === 0
      ? `Read model consistent with the log: ${check.checked} checked, no disagreements.\n`
      : `Read model DISAGREES with the log: ${check.checked} checked, ${check.disagreements.length} ${check.disagreements.length === 1 ? 'disagreement' : 'disagreements'}.\n` +
        textTable(
          ['WHAT', 'ID', 'FIELD', 'LOG', 'READ MODEL'],
          check.disagreements.map((d) => [d.what, d.id, d.field, d.log, d.readModel]),
        );
  return [
    `Orders (${audit.orders.length})\n${textTable(orderHeader, orderCells)}`,
    // One order (`audit order`): its history too.
    ...(audit.orders.length === 1 ? [historyTable(audit.orders[0]!)] : []),
    `Per day (cancelled orders left out)\n${groupTable('DAY', audit.byDay)}`,
    `Per product\n${groupTable('PRODUCT', audit.byProduct)}`,
    `Per user\n${groupTable('USER', audit.byUser)}`,
    `Stock per product\n${textTable(
      ['PRODUCT', 'STOCK', 'RESERVED', 'REMAINING'],
      stockRows(audit, ledger).map((row) => [row.productId, String(row.stock), String(row.reserved), String(row.remaining)]),
    )}`,
    consistency,
  ].join('\n');
}
