import { useMemo, useState } from 'react';
import type { SalesReport } from '@toolforge/contracts';
import { readErrorText } from '../../api/shopApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { dollars } from '../catalog/price';
import { FiguresTable } from './FiguresTable';
import { PeriodPicker } from './PeriodPicker';
import { SalesChart } from './SalesChart';
import { categoryChart, dailyChart, statusChart } from './salesCharts';
import { useSalesReportQuery } from './salesApi';
import {
  NO_LOW_STOCK,
  NO_SALES,
  SALES_HEADING,
  SALES_LOADING,
  STATUS_NAMES,
  categoryText,
  dayText,
  nameOr,
  periodText,
  totalCards,
} from './salesTexts';
import { useShownPeriod } from './useShownPeriod';
import './sales.css';

/**
 * The admins' sales dashboard, the admin dashboard's first page (docs/web.md#the-sales-dashboard):
 * the period's totals, its revenue per day, its orders by status and its revenue by category as
 * charts (each with its figures in a table for screen readers), its best products and customers,
 * and the products low on stock now. The period is the page's address, so a link shows the same days.
 */
export default function SalesPage() {
  // Today as the page opened: the presets' days do not move while it is open.
  const [now] = useState(() => new Date());
  const { period, inAddress, show } = useShownPeriod(now);
  const report = useSalesReportQuery(period, { skip: !inAddress });
  const shown = report.currentData;

  return (
    <div className="dashboard-panel sales">
      <h2>{SALES_HEADING}</h2>
      <PeriodPicker period={period} now={now} onChoose={show} />
      <p className="sales-period-text">{periodText(period)}</p>
      {report.isFetching && !shown && <LoadingScreen label={SALES_LOADING} />}
      {report.isError && <FormMessage kind="error">{readErrorText(report.error)}</FormMessage>}
      {shown && <SalesFigures report={shown} />}
    </div>
  );
}

function SalesFigures({ report }: { report: SalesReport }) {
  const daily = useMemo(() => dailyChart(report), [report]);
  const statuses = useMemo(() => statusChart(report), [report]);
  const categories = useMemo(() => categoryChart(report), [report]);
  return (
    <>
      <dl className="sales-cards" aria-label="Totals">
        {totalCards(report).map(([name, figure]) => (
          <div key={name} className="sales-card">
            <dt>{name}</dt>
            <dd>{figure}</dd>
          </div>
        ))}
      </dl>
      {report.totals.orders === 0 && <p className="empty-state">{NO_SALES}</p>}

      <div className="sales-charts">
        <section aria-labelledby="sales-daily" className="sales-chart-card sales-chart-card--wide">
          <h3 id="sales-daily">Revenue per day</h3>
          <SalesChart
            config={daily}
            summary="Line chart of the revenue ordered and paid per day; its figures are in the table that follows"
          />
          <FiguresTable
            hidden
            caption="Revenue per day"
            columns={['Day', 'Orders', 'Ordered', 'Paid']}
            rows={report.byDay.map((day) => [
              day.day,
              [<time dateTime={day.day}>{dayText(day.day)}</time>, day.orders, dollars(day.revenueCents), dollars(day.paidCents)],
            ])}
          />
        </section>
        <section aria-labelledby="sales-statuses" className="sales-chart-card">
          <h3 id="sales-statuses">Orders by status</h3>
          <SalesChart config={statuses} summary="Doughnut chart of the orders by status; its figures are in the table that follows" />
          <FiguresTable
            hidden
            caption="Orders by status"
            columns={['Status', 'Orders', 'Revenue']}
            rows={report.byStatus.map((row) => [row.status, [STATUS_NAMES[row.status], row.orders, dollars(row.revenueCents)]])}
          />
        </section>
        <section aria-labelledby="sales-categories" className="sales-chart-card">
          <h3 id="sales-categories">Revenue by category</h3>
          <SalesChart config={categories} summary="Bar chart of the revenue by category; its figures are in the table that follows" />
          <FiguresTable
            hidden
            caption="Revenue by category"
            columns={['Category', 'Items', 'Revenue']}
            rows={report.byCategory.map((row) => [
              row.category ?? 'none',
              [categoryText(row.category), row.quantity, dollars(row.revenueCents)],
            ])}
          />
        </section>
      </div>

      <div className="sales-tables">
        <section aria-labelledby="sales-products">
          <h3 id="sales-products">Top products</h3>
          <FiguresTable
            caption="Top products by revenue"
            columns={['Product', 'Orders', 'Items', 'Revenue']}
            rows={report.topProducts.map((product) => [
              product.productId,
              [nameOr(product.name, product.productId), product.orders, product.quantity, dollars(product.revenueCents)],
            ])}
          />
        </section>
        <section aria-labelledby="sales-customers">
          <h3 id="sales-customers">Top customers</h3>
          <FiguresTable
            caption="Top customers by revenue"
            columns={['Customer', 'Orders', 'Revenue']}
            rows={report.topCustomers.map((customer) => [
              customer.userId,
              [nameOr(customer.name, customer.userId), customer.orders, dollars(customer.revenueCents)],
            ])}
          />
        </section>
        <section aria-labelledby="sales-low-stock">
          <h3 id="sales-low-stock">Low stock</h3>
          {report.lowStock.length === 0 ? (
            <p className="empty-state">{NO_LOW_STOCK}</p>
          ) : (
            <FiguresTable
              caption="Products low on stock now, fewest left first"
              columns={['Product', 'On hand', 'Reserved', 'Left to order']}
              rows={report.lowStock.map((product) => [
                product.productId,
                [product.name, product.stock, product.reserved, product.available],
              ])}
            />
          )}
        </section>
      </div>
    </>
  );
}
