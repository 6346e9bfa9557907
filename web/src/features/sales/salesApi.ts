import { SALES_PATH, TOPICS, type SalesReport } from '@toolforge/contracts';
import { injectReads } from '../../api/shopApi';
import { reportWindow, type SalesPeriod } from './salesPeriod';

/**
 * The admins' sales report for a period (docs/web.md#the-sales-dashboard): it counts orders,
 * their payments and refunds, and the products' stock, so it waits for the admin's own writes of
 * those topics and is asked again after them (the orders' and the products' tags).
 */
export const salesApi = injectReads(
  (build) => ({
    salesReport: build.query<SalesReport, SalesPeriod>({
      query: (period) => ({ url: SALES_PATH, params: reportWindow(period) }),
      providesTags: ['Order', 'Product'],
    }),
  }),
  { salesReport: [TOPICS.orders, TOPICS.products] },
  ['Order', 'Product'],
);

export const { useSalesReportQuery } = salesApi;
