import { z } from 'zod';
import type { OrderStatus, ProductCategory } from '../constants.js';
import { messages } from '../messages.js';
import type { Cents } from '../money.js';
import { SALES_MAX_DAYS } from './limits.js';

/** Where the admins' sales report is read (the query service's route, the web's read). */
export const SALES_PATH = '/admin/sales';

const DAY_MILLIS = 86_400_000;

/**
 * A moment as `toolforge audit orders --from/--to` takes one: an ISO date (its midnight, UTC) or
 * an ISO date-time with its offset (Z or ±hh:mm). A date-time without an offset is refused: the
 * server's time zone would decide what it means.
 */
const instant = (field: 'from' | 'to') =>
  z
    .string({ error: messages.salesInstant(field) })
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/, {
      error: messages.salesInstant(field),
      abort: true,
    })
    // A day the calendar has not (30 February) would roll over to another: refused, not moved.
    .refine((text) => isCalendarDay(text.slice(0, 10)), { error: messages.salesInstant(field), abort: true })
    .transform((text) => new Date(text))
    .refine((at) => !Number.isNaN(at.getTime()), { error: messages.salesInstant(field), abort: true });

function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/**
 * GET SALES_PATH's query: the period, the orders placed at or after `from` and before `to`, as the
 * audit counts them. Both are required, `to` after `from`, at most SALES_MAX_DAYS apart (the
 * period is checked once both are moments).
 */
export const salesQuerySchema = z.strictObject({ from: instant('from'), to: instant('to') }).check((context) => {
  const { from, to } = context.value;
  if (!(from instanceof Date) || !(to instanceof Date)) return;
  const span = to.getTime() - from.getTime();
  const problem = span <= 0 ? messages.salesPeriodOrder : span > SALES_MAX_DAYS * DAY_MILLIS ? messages.salesPeriodTooLong : undefined;
  if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value, path: ['to'] });
});
export type SalesQuery = z.output<typeof salesQuerySchema>;

/** Orders, quantity and revenue of a group of orders, as `toolforge audit orders` totals them. */
export interface SalesTotals {
  /** The orders placed in the period but the cancelled ones (a cancelled order sold nothing). */
  orders: number;
  /** Their lines' quantities summed. */
  quantity: number;
  /** Their totals (totalCostCents) summed. */
  revenueCents: Cents;
}

/** One day of the period (UTC): its orders' totals, and what was paid for them. */
export interface SalesDay extends SalesTotals {
  /** YYYY-MM-DD, the day in UTC. */
  day: string;
  /** The money captured for the orders placed that day, whenever it came (see SalesReport.paidCents). */
  paidCents: Cents;
}

/** The orders in one status now (cancelled ones included here: this is where they show). */
export interface SalesByStatus {
  status: OrderStatus;
  orders: number;
  revenueCents: Cents;
}

export interface SalesByCategory {
  /** null for the lines of products the catalogue does not know, so that the categories add up to the totals. */
  category: ProductCategory | null;
  quantity: number;
  /** The category's products' shares of their orders' totals (totalShares). */
  revenueCents: Cents;
}

export interface SalesProduct {
  productId: string;
  /** As the catalogue names it now; null for a product the read model does not know. */
  name: string | null;
  /** The orders holding a line of it (an order with two lines of it counts once). */
  orders: number;
  quantity: number;
  /** Its lines' shares of their orders' totals (totalShares): the products' revenues add up to the orders'. */
  revenueCents: Cents;
}

export interface SalesCustomer {
  userId: string;
  /** As the customer's account reads now (an erased customer's as the erasure left it); null when unknown. */
  name: string | null;
  orders: number;
  revenueCents: Cents;
}

/** A product whose stock left to order (on hand less reserved) is below LOW_STOCK_BELOW; deleted products are left out. */
export interface LowStockProduct {
  productId: string;
  name: string;
  /** Stock on hand. */
  stock: number;
  /** What open orders reserve of it. */
  reserved: number;
  /** stock − reserved: what is left to order. */
  available: number;
}

/**
 * The admins' sales report for a period (GET SALES_PATH, docs/read-model.md#the-sales-report):
 * the orders placed at or after `from` and before `to`. Totals, days, products and customers follow
 * `toolforge audit orders` for the same period to the cent; days are UTC days.
 */
export interface SalesReport {
  /** The period as asked, as ISO instants (UTC). */
  from: string;
  to: string;
  totals: SalesTotals;
  /**
   * The money captured for the period's orders (cancelled ones included), whenever it came: every
   * OrderPaid's amount (an order marked paid before the shop took payments: its total) and every
   * payment not applied (PaymentNotApplied), so that paid less refunded is what the shop kept.
   */
  paidCents: Cents;
  /** The refunds (OrderRefunded) of the period's orders, whenever given. */
  refundedCents: Cents;
  /** Every day the period touches, oldest first, zeros included. */
  byDay: SalesDay[];
  /** Every status an order in the period is in now, in the lifecycle's order. */
  byStatus: SalesByStatus[];
  /** Every category with a line sold in the period, by revenue, then name. */
  byCategory: SalesByCategory[];
  /** The SALES_TOP products by revenue (then id). */
  topProducts: SalesProduct[];
  /** The SALES_TOP customers by revenue (then id). */
  topCustomers: SalesCustomer[];
  /** Now, whatever the period: the products low on stock, fewest left first, at most LOW_STOCK_SHOWN. */
  lowStock: LowStockProduct[];
}

/** The path of the report for a period, as the web asks it. */
export function salesPath(from: string, to: string): string {
  return `${SALES_PATH}?${new URLSearchParams({ from, to }).toString()}`;
}
