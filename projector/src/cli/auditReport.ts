import { formatCents } from '@toolforge/contracts';
import type { ConsistencyCheck } from './consistency.js';
import type { AuditedOrder, LogLedger, OrdersAudit, OrderTotals } from './orderAudit.js';
import { csv, textTable } from './output.js';

type Format = 'table' | 'json' | 'csv';

/**
 * The read model checked against the log; or, for the log as of a moment past (asOf.ts), not
 * checked at all: the read model holds the shop as it is now, not as it stood then.
 */
export type ReadModelCheck = ConsistencyCheck | { readonly asOf: Date };

function totalsJson(totals: OrderTotals) {
  return { orders: totals.orders, quantity: totals.quantity, revenue: formatCents(totals.revenueCents) };
}

function groupsJson(groups: ReadonlyMap<string, OrderTotals>) {
  return Object.fromEntries([...groups].map(([key, totals]) => [key, totalsJson(totals)]));
}

/** Each product of the audited orders' lines: its stock on hand, what the open orders of the whole log hold of it, and what remains. */
function stockRows(audit: OrdersAudit, ledger: LogLedger) {
  const productIds = [...new Set(audit.orders.flatMap((order) => order.lines.map((line) => line.productId)))].sort();
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

/** The orders' own sums: all to the cent, or each that is not. */
function sumsReport(sums: OrdersAudit['sums']): string {
  if (sums.wrong.length === 0) return `The orders' sums add up: ${sums.checked} checked, every line, subtotal and total to the cent.\n`;
  return (
    `The orders' sums DO NOT ADD UP: ${sums.checked} checked, ${sums.wrong.length} ${sums.wrong.length === 1 ? 'sum' : 'sums'} wrong.\n` +
    textTable(
      ['ORDER', 'FIELD', 'RECORDED', 'COMPUTED'],
      sums.wrong.map((wrong) => [wrong.orderId, wrong.field, String(wrong.recorded), String(wrong.computed)]),
    )
  );
}

/** The read model against the log: consistent, or each disagreement; as of a moment past, that it was not checked. */
function readModelReport(check: ReadModelCheck): string {
  if ('asOf' in check)
    return `As of ${check.asOf.toISOString()}: the log's events that occurred at or before it; the read model, which holds the shop now, was not checked.\n`;
  if (check.disagreements.length === 0) return `Read model consistent with the log: ${check.checked} checked, no disagreements.\n`;
  return (
    `Read model DISAGREES with the log: ${check.checked} checked, ${check.disagreements.length} ${check.disagreements.length === 1 ? 'disagreement' : 'disagreements'}.\n` +
    textTable(
      ['WHAT', 'ID', 'FIELD', 'LOG', 'READ MODEL'],
      check.disagreements.map((d) => [d.what, d.id, d.field, d.log, d.readModel]),
    )
  );
}

/** Each line of each order: the CSV's rows (an order's own fields on each of its lines), and the text's Lines table. */
function lineRows(orders: readonly AuditedOrder[]) {
  return orders.flatMap((order) => order.lines.map((line, index) => ({ order, line, number: String(index + 1) })));
}

/** The audit as JSON, CSV (one row per line of an order) or text tables. */
export function auditReport(format: Format, audit: OrdersAudit, ledger: LogLedger, check: ReadModelCheck): string {
  if (format === 'json') {
    return `${JSON.stringify(
      {
        ...('asOf' in check && { asOf: check.asOf.toISOString() }),
        orders: audit.orders.map((order) => ({
          ...order,
          lines: order.lines.map((line) => ({
            ...line,
            unitPrice: formatCents(line.unitPriceCents),
            lineTotal: formatCents(line.lineTotalCents),
          })),
          subtotal: formatCents(order.subtotalCents),
          totalCost: formatCents(order.totalCostCents),
        })),
        sums: audit.sums,
        totals: {
          ...totalsJson(audit.totals),
          byDay: groupsJson(audit.byDay),
          byProduct: groupsJson(audit.byProduct),
          byUser: groupsJson(audit.byUser),
        },
        stock: stockRows(audit, ledger),
        consistency: 'asOf' in check ? null : check,
      },
      null,
      2,
    )}\n`;
  }
  const payment = (order: AuditedOrder) => (order.payment ? 'paid' : 'unpaid');
  const events = (order: AuditedOrder) => order.events.map((event) => `${event.type}@${event.position}`).join(' ');
  if (format === 'csv') {
    return csv(
      [
        'order',
        'placed',
        'user',
        'line',
        'product',
        'quantity',
        'unit_price',
        'line_total',
        'subtotal',
        'total',
        'status',
        'payment',
        'events',
      ],
      lineRows(audit.orders).map(({ order, line, number }) => [
        order.orderId,
        order.placedAt,
        order.userId,
        number,
        line.productId,
        String(line.quantity),
        formatCents(line.unitPriceCents),
        formatCents(line.lineTotalCents),
        formatCents(order.subtotalCents),
        formatCents(order.totalCostCents),
        order.status,
        payment(order),
        events(order),
      ]),
    );
  }
  const ordersTable = textTable(
    ['ORDER', 'PLACED', 'USER', 'LINES', 'QUANTITY', 'SUBTOTAL', 'TOTAL', 'STATUS', 'PAYMENT', 'EVENTS'],
    audit.orders.map((order) => [
      order.orderId,
      order.placedAt,
      order.userId,
      String(order.lines.length),
      String(order.quantity),
      formatCents(order.subtotalCents),
      formatCents(order.totalCostCents),
      order.status,
      payment(order),
      events(order),
    ]),
  );
  const linesTable = textTable(
    ['ORDER', 'LINE', 'PRODUCT', 'QUANTITY', 'UNIT PRICE', 'LINE TOTAL'],
    lineRows(audit.orders).map(({ order, line, number }) => [
      order.orderId,
      number,
      line.productId,
      String(line.quantity),
      formatCents(line.unitPriceCents),
      formatCents(line.lineTotalCents),
    ]),
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
  return [
    `Orders (${audit.orders.length})\n${ordersTable}`,
    `Lines\n${linesTable}`,
    // One order (`audit order`): its history too.
    ...(audit.orders.length === 1 ? [historyTable(audit.orders[0]!)] : []),
    sumsReport(audit.sums),
    `Per day (cancelled orders left out)\n${groupTable('DAY', audit.byDay)}`,
    `Per product (an order of several products counts in each, its revenue split over its lines)\n${groupTable('PRODUCT', audit.byProduct)}`,
    `Per user\n${groupTable('USER', audit.byUser)}`,
    `Stock per product\n${textTable(
      ['PRODUCT', 'STOCK', 'RESERVED', 'REMAINING'],
      stockRows(audit, ledger).map((row) => [row.productId, String(row.stock), String(row.reserved), String(row.remaining)]),
    )}`,
    readModelReport(check),
  ].join('\n');
}
