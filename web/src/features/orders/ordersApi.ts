import { TOPICS, type OrderDto } from '@toolforge/contracts';
import { injectReads } from '../../api/shopApi';

declare module '../../api/shopApi' {
  /** The orders and their timelines: loaded again when one is placed or moves on. */
  interface ShopTags {
    Order: true;
  }
}

/** The orders' reads: a customer's own, and all of them for the admin. */
export const ordersApi = injectReads(
  (build) => ({
    userOrders: build.query<OrderDto[], string>({
      query: (uid) => `/orders/${encodeURIComponent(uid)}`,
      providesTags: ['Order'],
    }),
    allOrders: build.query<OrderDto[], void>({ query: () => '/allorders', providesTags: ['Order'] }),
  }),
  { userOrders: [TOPICS.orders], allOrders: [TOPICS.orders] },
  ['Order'],
);

export const { useUserOrdersQuery, useAllOrdersQuery } = ordersApi;
