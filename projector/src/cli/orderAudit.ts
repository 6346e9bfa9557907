import { formatPosition, type Cents, type OrderPlaced, type ProductAdded } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';

/** Which orders an audit covers. */
export interface OrderAuditFilter {
  readonly from?: Date;
  readonly to?: Date;
  readonly user?: string;
  readonly product?: string;
  /** Just this order (`audit order <orderId>`). */
  readonly orderId?: string;
}

/** An order as the log tells it: placed, then whatever later events of its stream say. */
export interface AuditedOrder {
  readonly orderId: string;
  readonly placedAt: string;
  readonly userId: string;
  readonly productId: string;
  readonly productName: string;
  readonly quantity: number;
  readonly unitPriceCents: Cents;
  readonly totalCostCents: Cents;
  readonly status: string;
  readonly events: readonly { readonly position: string; readonly time: string; readonly type: string }[];
}

/** Orders, quantity and revenue of a group of orders. */
export interface OrderTotals {
  orders: number;
  quantity: number;
  revenueCents: Cents;
}

export interface OrdersAudit {
  readonly orders: readonly AuditedOrder[];
  readonly totals: OrderTotals;
  readonly byDay: ReadonlyMap<string, OrderTotals>;
  readonly byProduct: ReadonlyMap<string, OrderTotals>;
  readonly byUser: ReadonlyMap<string, OrderTotals>;
}

/** The log's word on the shop: every order, and each product's stock as added and as reserved by all orders. */
export interface LogLedger {
  readonly orders: ReadonlyMap<string, AuditedOrder>;
  readonly products: ReadonlyMap<string, { readonly stock: number; readonly reserved: number }>;
}

/** Folds the product and order events of the log into its ledger (read in any topic order). */
export function ledgerOf(events: Iterable<StoredEvent>): LogLedger {
  const orders = new Map<string, AuditedOrder>();
  const added = new Map<string, number>();
  const reserved = new Map<string, number>();
  for (const event of events) {
    if (event.type === 'ProductAdded') added.set(event.data.productId, (event as StoredEvent<ProductAdded>).data.stock);
    if (event.type !== 'OrderPlaced') continue;
    const { data } = event as StoredEvent<OrderPlaced>;
    orders.set(data.orderId, {
      orderId: data.orderId,
      placedAt: event.meta.occurredAt,
      userId: data.userId,
      productId: data.productId,
      productName: data.productName,
      quantity: data.quantity,
      unitPriceCents: data.unitPriceCents,
      totalCostCents: data.totalCostCents,
      status: data.status,
      events: [{ position: formatPosition(event.position), time: event.meta.occurredAt, type: event.type }],
    });
    reserved.set(data.productId, (reserved.get(data.productId) ?? 0) + data.quantity);
  }
  const products = new Map<string, { stock: number; reserved: number }>();
  for (const productId of new Set([...added.keys(), ...reserved.keys()])) {
    products.set(productId, { stock: added.get(productId) ?? 0, reserved: reserved.get(productId) ?? 0 });
  }
  return { orders, products };
}

export function inRange(order: Pick<AuditedOrder, 'orderId' | 'placedAt' | 'userId' | 'productId'>, filter: OrderAuditFilter): boolean {
  const at = Date.parse(order.placedAt);
  return (
    (!filter.from || at >= filter.from.getTime()) &&
    (!filter.to || at < filter.to.getTime()) &&
    (!filter.user || order.userId === filter.user) &&
    (!filter.product || order.productId === filter.product) &&
    (!filter.orderId || order.orderId === filter.orderId)
  );
}

/** The orders in range, oldest first, with their totals per day (UTC), product and user, in exact cents. */
export function auditOrders(ledger: LogLedger, filter: OrderAuditFilter): OrdersAudit {
  const orders = [...ledger.orders.values()].filter((order) => inRange(order, filter)).sort((a, b) => a.placedAt.localeCompare(b.placedAt));
  const totals = emptyTotals();
  const byDay = new Map<string, OrderTotals>();
  const byProduct = new Map<string, OrderTotals>();
  const byUser = new Map<string, OrderTotals>();
  for (const order of orders) {
    for (const group of [totals, slot(byDay, order.placedAt.slice(0, 10)), slot(byProduct, order.productId), slot(byUser, order.userId)]) {
      group.orders += 1;
      group.quantity += order.quantity;
      group.revenueCents += order.totalCostCents;
    }
  }
  return { orders, totals, byDay: sorted(byDay), byProduct: sorted(byProduct), byUser: sorted(byUser) };
}

function emptyTotals(): OrderTotals {
  return { orders: 0, quantity: 0, revenueCents: 0 };
}

function slot(groups: Map<string, OrderTotals>, key: string): OrderTotals {
  let group = groups.get(key);
  if (!group) groups.set(key, (group = emptyTotals()));
  return group;
}

function sorted<V>(map: Map<string, V>): Map<string, V> {
  return new Map([...map].sort(([a], [b]) => a.localeCompare(b)));
}
