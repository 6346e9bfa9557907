import { TOPICS, type OrderHistoryResponse } from '@toolforge/contracts';
import { injectReads } from '../../api/shopApi';

export const orderHistoryApi = injectReads(
  (build) => ({
    /** An order's timeline, read by the query service from the log itself. */
    orderHistory: build.query<OrderHistoryResponse, string>({
      query: (orderId) => `/orders/${encodeURIComponent(orderId)}/history`,
      providesTags: ['Order'],
    }),
  }),
  { orderHistory: [TOPICS.orders] },
  ['Order'],
);

export const { useOrderHistoryQuery } = orderHistoryApi;
