import { createApi, fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SerializedError } from '@reduxjs/toolkit';
import { READ_AFTER_HEADER, TOPICS, type CountResponse, type OrderDto, type ProductDto, type Topic } from '@toolforge/contracts';
import { config } from '../../config';
import type { RootState } from '../../app/store';

export interface PageArgs {
  page: number;
  size: number;
}

/** Which topic each read shows, so it waits for the user's own writes of that topic. */
const TOPIC_OF_ENDPOINT: Record<string, Topic> = {
  homeProducts: TOPICS.products,
  productsCount: TOPICS.products,
  productsPage: TOPICS.products,
  product: TOPICS.products,
  userOrders: TOPICS.orders,
  allOrders: TOPICS.orders,
};

/** Every read of the query service (docs/architecture.md §1): cached, tagged, refetched when a command changes them. */
export const shopApi = createApi({
  reducerPath: 'shopApi',
  baseQuery: fetchBaseQuery({
    baseUrl: config.queryApi,
    prepareHeaders(headers, { getState, endpoint }) {
      const state = getState() as RootState;
      const accessToken = state.auth.session?.accessToken;
      if (accessToken) headers.set('authorization', `Bearer ${accessToken}`);
      const topic = TOPIC_OF_ENDPOINT[endpoint];
      const readAfter = topic ? state.readAfter.positions[topic] : undefined;
      if (readAfter) headers.set(READ_AFTER_HEADER, readAfter);
      return headers;
    },
  }),
  tagTypes: ['Product', 'Order'],
  endpoints: (build) => ({
    homeProducts: build.query<ProductDto[], void>({ query: () => '/homeproducts', providesTags: ['Product'] }),
    productsCount: build.query<CountResponse, void>({ query: () => '/productscount', providesTags: ['Product'] }),
    productsPage: build.query<ProductDto[], PageArgs>({
      query: ({ page, size }) => ({ url: '/products', params: { page, size } }),
      providesTags: ['Product'],
    }),
    product: build.query<ProductDto, string>({
      query: (id) => `/product/${encodeURIComponent(id)}`,
      providesTags: ['Product'],
    }),
    userOrders: build.query<OrderDto[], string>({
      query: (uid) => `/orders/${encodeURIComponent(uid)}`,
      providesTags: ['Order'],
    }),
    allOrders: build.query<OrderDto[], void>({ query: () => '/allorders', providesTags: ['Order'] }),
  }),
});

export const { useHomeProductsQuery, useProductsCountQuery, useProductsPageQuery, useProductQuery, useUserOrdersQuery, useAllOrdersQuery } =
  shopApi;

/** The message to show for a failed read: the server's own text when it sent one. */
export function readErrorText(error: FetchBaseQueryError | SerializedError | undefined): string {
  if (!error) return '';
  if ('status' in error) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string') return data.message;
    if (typeof error.status === 'number') return `Request failed with status ${error.status}`;
    // FETCH_ERROR, PARSING_ERROR, TIMEOUT_ERROR, CUSTOM_ERROR all carry a text.
    return error.error;
  }
  return error.message ?? 'Request failed';
}
