import { useMemo, useState } from 'react';
import type { SalesReport } from '@toolforge/contracts';
import { readErrorText } from '../../api/shopApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { dollars } from '../catalog/price';
import { ChartSection } from './ChartSection';
import { FiguresTable } from './FiguresTable';
import { PeriodPicker } from './PeriodPicker';
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
        <ChartSection
          wide
          id="sales-daily"
          title="Revenue per day"
          description="Line chart of the revenue ordered and paid per day"
          config={daily}
          columns={['Day', 'Orders', 'Ordered', 'Paid']}
          rows={report.byDay.map((day) => [
            day.day,
            [<time dateTime={day.day}>{dayText(day.day)}</time>, day.orders, dollars(day.revenueCents), dollars(day.paidCents)],
          ])}
        />
        <ChartSection
          id="sales-statuses"
          title="Orders by status"
          description="Doughnut chart of the orders by status"
          config={statuses}
          columns={['Status', 'Orders', 'Revenue']}
          rows={report.byStatus.map((row) => [row.status, [STATUS_NAMES[row.status], row.orders, dollars(row.revenueCents)]])}
        />
        <ChartSection
          id="sales-categories"
          title="Revenue by category"
          description="Bar chart of the revenue by category"
          config={categories}
          columns={['Category', 'Items', 'Revenue']}
          rows={report.byCategory.map((row) => [
            row.category ?? 'none',
            [categoryText(row.category), row.quantity, dollars(row.revenueCents)],
          ])}
        />
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
