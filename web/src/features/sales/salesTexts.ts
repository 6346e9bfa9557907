import type { OrderStatus, ProductCategory, SalesReport } from '@toolforge/contracts';
import { dollars } from '../catalog/price';
import type { SalesPeriod } from './salesPeriod';

/** The sales dashboard's own texts. */

export const SALES_HEADING = 'Sales';
export const SALES_LOADING = 'Loading the sales report...';
export const PERIOD_LEGEND = 'Period';
export const PERIOD_FORM = 'Sales period';
export const CUSTOM_PERIOD = 'Custom dates';
export const SHOW_PERIOD = 'Show';
export const NO_LOW_STOCK = 'No product is low on stock.';
export const NO_SALES = 'No orders were placed in this period.';

export const STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const CATEGORY_NAMES: Readonly<Record<ProductCategory, string>> = {
  'hand-tool': 'Hand tools',
  'machine-tool': 'Machine tools',
  'power-tool': 'Power tools',
};

/** A category's name; the report's null is the lines of products the catalogue does not know. */
export const categoryText = (category: ProductCategory | null) => (category ? CATEGORY_NAMES[category] : 'Products not in the catalogue');

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A UTC day (YYYY-MM-DD) in the reader's language: the day the report counted, whatever the reader's zone. */
export const dayText = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** "Orders placed from 1 Nov 2026 to 30 Nov 2026 (UTC days)". */
export const periodText = ({ from, to }: SalesPeriod) => `Orders placed from ${dayText(from)} to ${dayText(to)} (UTC days)`;

/** The totals' cards, each a name and its figure, as the report's cards show them. */
export function totalCards(report: SalesReport): [string, string][] {
  return [
    ['Orders', String(report.totals.orders)],
    ['Items', String(report.totals.quantity)],
    ['Revenue', dollars(report.totals.revenueCents)],
    ['Paid', dollars(report.paidCents)],
    ['Refunded', dollars(report.refundedCents)],
  ];
}

/** A customer or product the shop no longer knows by name is shown by its id. */
export const nameOr = (name: string | null, id: string) => name ?? id;
