import {
  TOPICS,
  TOPIC_OF_EVENT,
  formatPosition,
  isOrderEvent,
  orderProgressAfter,
  totalShares,
  type Cents,
  type OrderEvent,
  type OrderLine,
  type OrderPlaced,
  type OrderSettlement,
  type OrderStatus,
  type PaymentEvent,
  type ProductAdded,
  type ProductEvent,
  type ProductUpdated,
  type StockAdjusted,
} from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import { wrongSumsOf, type WrongSum } from './orderSums.js';

/** Which orders an audit covers. */
export interface OrderAuditFilter {
  readonly from?: Date;
  readonly to?: Date;
  readonly user?: string;
  readonly product?: string;
  /** Just this order (`audit order <orderId>`). */
  readonly orderId?: string;
}

/** One event of an order's stream, as its history shows it. */
export interface OrderHistoryLine {
  readonly position: string;
  readonly time: string;
  readonly type: string;
  /** Who did it; null for the shop itself (an expired reservation). */
  readonly actor: string | null;
  /** The order's status after the event (a payment's event leaves it as it was). */
  readonly status: OrderStatus;
  /** A cancellation's reason, or a failed payment's. */
  readonly reason?: string;
}

/** An order as the log tells it: placed, then whatever later events of its stream say. */
export interface AuditedOrder {
  readonly orderId: string;
  readonly placedAt: string;
  readonly userId: string;
  /** Each line's product, quantity, the unit price its quantity reached and their product, as placed. */
  readonly lines: readonly OrderLine[];
  /** The lines' quantities summed, as the order's read-model row keeps them. */
  readonly quantity: number;
  readonly subtotalCents: Cents;
  readonly totalCostCents: Cents;
  readonly fromCart: boolean;
  readonly status: OrderStatus;
  readonly payment: boolean;
  /** How it was paid (payments/events.ts): null while unpaid, or paid before the shop said how. */
  readonly paidWith: OrderSettlement['method'] | null;
  /** A card payment's id at the provider, or an offline payment's reference. */
  readonly paymentReference: string | null;
  /** The last failed attempt's reason, until a payment clears it (the read model's row keeps it so). */
  readonly paymentFailure: string | null;
  /** The refunds of its payments, summed. */
  readonly refundedCents: Cents;
  readonly events: readonly OrderHistoryLine[];
  /** The offsets of its stream's events in its partition, in log order (the read model's `event_offsets`). */
  readonly offsets: readonly number[];
}

/** Orders, quantity and revenue of a group of orders. */
export interface OrderTotals {
  orders: number;
  quantity: number;
  revenueCents: Cents;
}

export interface OrdersAudit {
  readonly orders: readonly AuditedOrder[];
  /** The orders' own sums checked: how many orders, and every sum that is not what its figures make. */
  readonly sums: { readonly checked: number; readonly wrong: readonly WrongSum[] };
  /** The orders in range but the cancelled ones: a cancelled order sold nothing. */
  readonly totals: OrderTotals;
  readonly byDay: ReadonlyMap<string, OrderTotals>;
  /**
   * Per product: the orders holding a line of it, its lines' quantities, and their share of the
   * orders' revenue (totalShares), so that the products' revenues add up to the orders'.
   */
  readonly byProduct: ReadonlyMap<string, OrderTotals>;
  readonly byUser: ReadonlyMap<string, OrderTotals>;
}

/**
 * A product as the log tells it: its stock on hand (added, then restocked or written off), what
 * its open orders hold of it, and its name and price as last edited (none for a product the log
 * holds orders of but never added).
 */
export interface AuditedProduct {
  readonly stock: number;
  /** The quantities of its lines in the orders not cancelled. */
  readonly reserved: number;
  readonly details?: { readonly name: string; readonly priceCents: Cents };
}

/** The log's word on the shop: every order, and each product's stock and what its orders hold of it. */
export interface LogLedger {
  readonly orders: ReadonlyMap<string, AuditedOrder>;
  readonly products: ReadonlyMap<string, AuditedProduct>;
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };
/** A product added to the log, as folded so far. */
interface LedgerProduct {
  stock: number;
  details: { name: string; priceCents: Cents };
}

/**
 * Folds the product and order events of the log into its ledger. Topics may come in any order
 * between them; a stream's events come in its order (one partition), so an order's later events
 * find it placed, and a product's edits and adjustments find it added.
 */
export function ledgerOf(events: Iterable<StoredEvent>): LogLedger {
  const orders = new Map<string, Mutable<AuditedOrder>>();
  const products = new Map<string, LedgerProduct>();
  for (const event of events) {
    const topic = TOPIC_OF_EVENT[event.type];
    if (topic === TOPICS.orders) foldOrderEvent(orders, event as StoredEvent<OrderEvent | PaymentEvent>);
    else if (topic === TOPICS.products) foldProductEvent(products, event as StoredEvent<ProductEvent>);
  }
  const reserved = new Map<string, number>();
  for (const order of orders.values()) {
    if (order.status === 'cancelled') continue;
    for (const line of order.lines) reserved.set(line.productId, (reserved.get(line.productId) ?? 0) + line.quantity);
  }
  const ledgerProducts = new Map<string, AuditedProduct>();
  for (const productId of new Set([...products.keys(), ...reserved.keys()])) {
    const added = products.get(productId);
    ledgerProducts.set(productId, {
      stock: added?.stock ?? 0,
      reserved: reserved.get(productId) ?? 0,
      ...(added && { details: added.details }),
    });
  }
  return { orders, products: ledgerProducts };
}

function foldOrderEvent(orders: Map<string, Mutable<AuditedOrder>>, event: StoredEvent<OrderEvent | PaymentEvent>): void {
  const line = { position: formatPosition(event.position), time: event.meta.occurredAt, type: event.type, actor: event.meta.actor };
  if (event.type === 'OrderPlaced') {
    const { data } = event as StoredEvent<OrderPlaced>;
    orders.set(data.orderId, {
      orderId: data.orderId,
      placedAt: event.meta.occurredAt,
      userId: data.userId,
      lines: data.lines,
      quantity: data.lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotalCents: data.subtotalCents,
      totalCostCents: data.totalCostCents,
      fromCart: data.cartVersion !== null,
      status: data.status,
      payment: data.payment,
      paidWith: null,
      paymentReference: null,
      paymentFailure: null,
      refundedCents: 0,
      events: [{ ...line, status: data.status }],
      offsets: [event.position.offset],
    });
    return;
  }
  const order = orders.get(event.data.orderId);
  // A later event of an order the log never placed moves nothing (the projection finds no row either).
  if (!order) return;
  // The order's own events move it: it is placed, so its progress after one is defined. A payment's leaves it where it was.
  if (isOrderEvent(event)) {
    const { status, payment } = orderProgressAfter(order, event)!;
    order.status = status;
    order.payment = payment;
  }
  foldPayment(order, event);
  const reason = event.type === 'OrderCancelled' || event.type === 'OrderPaymentFailed' ? { reason: event.data.reason } : {};
  order.events = [...order.events, { ...line, status: order.status, ...reason }];
  order.offsets = [...order.offsets, event.position.offset];
}

/** What an event of the order's stream says of its payment, as the read model's payment columns keep it (read-model/src/payments/). */
function foldPayment(order: Mutable<AuditedOrder>, event: StoredEvent<OrderEvent | PaymentEvent>): void {
  switch (event.type) {
    case 'OrderPaid': {
      const { payment } = event.data;
      order.paidWith = payment?.method ?? null;
      order.paymentReference = payment === null ? null : payment.method === 'card' ? payment.paymentId : payment.reference;
      order.paymentFailure = null;
      return;
    }
    case 'OrderPaymentFailed':
      order.paymentFailure = event.data.reason;
      return;
    case 'OrderRefunded':
      order.refundedCents += event.data.amountCents;
      return;
    default:
      return;
  }
}

function foldProductEvent(products: Map<string, LedgerProduct>, event: StoredEvent<ProductEvent>): void {
  switch (event.type) {
    case 'ProductAdded': {
      const { productId, stock, name, priceCents } = (event as StoredEvent<ProductAdded>).data;
      products.set(productId, { stock, details: { name, priceCents } });
      return;
    }
    case 'ProductUpdated': {
      const { productId, changes } = (event as StoredEvent<ProductUpdated>).data;
      const product = products.get(productId);
      if (product)
        product.details = { name: changes.name ?? product.details.name, priceCents: changes.priceCents ?? product.details.priceCents };
      return;
    }
    case 'StockAdjusted': {
      const { productId, delta } = (event as StoredEvent<StockAdjusted>).data;
      const product = products.get(productId);
      if (product) product.stock += delta;
      return;
    }
    case 'ProductDeleted':
      return;
  }
}

/** What an order is filtered by: when, whose, and the products of its lines. */
export type FilteredOrder = Pick<AuditedOrder, 'orderId' | 'placedAt' | 'userId'> & {
  readonly lines: readonly Pick<OrderLine, 'productId'>[];
};

/** Whether the filter takes the order: `--product` takes every order with a line of that product. */
export function inRange(order: FilteredOrder, filter: OrderAuditFilter): boolean {
  const at = Date.parse(order.placedAt);
  return (
    (!filter.from || at >= filter.from.getTime()) &&
    (!filter.to || at < filter.to.getTime()) &&
    (!filter.user || order.userId === filter.user) &&
    (!filter.product || order.lines.some((line) => line.productId === filter.product)) &&
    (!filter.orderId || order.orderId === filter.orderId)
  );
}

/**
 * The orders in range, oldest first, their own sums checked, with their totals per day (UTC),
 * product and user, in exact cents; the totals leave the cancelled orders out (their sums are
 * checked all the same).
 */
export function auditOrders(ledger: LogLedger, filter: OrderAuditFilter): OrdersAudit {
  const orders = [...ledger.orders.values()].filter((order) => inRange(order, filter)).sort((a, b) => a.placedAt.localeCompare(b.placedAt));
  const totals = emptyTotals();
  const byDay = new Map<string, OrderTotals>();
  const byProduct = new Map<string, OrderTotals>();
  const byUser = new Map<string, OrderTotals>();
  const wrong = orders.flatMap(wrongSumsOf);
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    for (const group of [totals, slot(byDay, order.placedAt.slice(0, 10)), slot(byUser, order.userId)])
      add(group, 1, order.quantity, order.totalCostCents);
    const shares = totalShares(order);
    const productsSeen = new Set<string>();
    order.lines.forEach((line, index) => {
      // An order counts once for each product it holds, however many lines of it.
      const first = !productsSeen.has(line.productId);
      productsSeen.add(line.productId);
      add(slot(byProduct, line.productId), first ? 1 : 0, line.quantity, shares[index]!);
    });
  }
  return {
    orders,
    sums: { checked: orders.length, wrong },
    totals,
    byDay: sorted(byDay),
    byProduct: sorted(byProduct),
    byUser: sorted(byUser),
  };
}

function add(group: OrderTotals, orders: number, quantity: number, revenueCents: Cents): void {
  group.orders += orders;
  group.quantity += quantity;
  group.revenueCents += revenueCents;
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
