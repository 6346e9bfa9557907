import { createApi, fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SerializedError } from '@reduxjs/toolkit';
import {
  READ_AFTER_HEADER,
  TOPICS,
  type CountResponse,
  type LatestReviewDto,
  type OrderDto,
  type OrderHistoryResponse,
  type ProductDto,
  type ProductFilter,
  type ProductSort,
  type ReviewsPage,
  type Topic,
} from '@toolforge/contracts';
import { config } from '../config';
import type { RootState } from '../app/store';

export interface PageArgs {
  page: number;
  size: number;
  /** Only the products this filter keeps (none: all of them). */
  filter?: ProductFilter;
  /** Newest first unless given. */
  sort?: ProductSort;
}

/** A filter as the query string of /products and /productscount: only the parts that filter. */
const filterParams = (filter: ProductFilter = {}) => ({
  ...(filter.category && { category: filter.category }),
  ...(filter.q && { q: filter.q }),
});

/**
 * Which topics each read shows, so it waits for the user's own writes of those topics. A product's
 * stock moves with orders too (placed orders reserve it, cancelled ones give it back), and its stars
 * with reviews, so product reads also wait for the user's last order and review commands.
 */
const PRODUCT_TOPICS: readonly Topic[] = [TOPICS.products, TOPICS.orders, TOPICS.reviews];
const REVIEW_TOPICS: readonly Topic[] = [TOPICS.reviews];
const ORDER_TOPICS: readonly Topic[] = [TOPICS.orders];
const TOPICS_OF_ENDPOINT: Record<string, readonly Topic[]> = {
  homeProducts: PRODUCT_TOPICS,
  productsCount: PRODUCT_TOPICS,
  productsPage: PRODUCT_TOPICS,
  product: PRODUCT_TOPICS,
  userOrders: ORDER_TOPICS,
  allOrders: ORDER_TOPICS,
  orderHistory: ORDER_TOPICS,
  productReviews: REVIEW_TOPICS,
  latestReviews: REVIEW_TOPICS,
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
      // The query service takes several positions, comma-separated, and waits for each.
      const readAfter = (TOPICS_OF_ENDPOINT[endpoint] ?? []).flatMap((topic) => state.readAfter.positions[topic] ?? []);
      if (readAfter.length > 0) headers.set(READ_AFTER_HEADER, readAfter.join(','));
      return headers;
    },
  }),
  tagTypes: ['Product', 'Order', 'Review'],
  endpoints: (build) => ({
    homeProducts: build.query<ProductDto[], void>({ query: () => '/homeproducts', providesTags: ['Product'] }),
    /** How many products the filter keeps (none: all of them), for the page links. */
    productsCount: build.query<CountResponse, ProductFilter | void>({
      query: (filter) => ({ url: '/productscount', params: filterParams(filter ?? {}) }),
      providesTags: ['Product'],
    }),
    productsPage: build.query<ProductDto[], PageArgs>({
      query: ({ page, size, filter, sort }) => ({
        url: '/products',
        params: { page, size, ...filterParams(filter), ...(sort && sort !== 'newest' && { sort }) },
      }),
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
    /** An order's timeline, read by the query service from the log itself. */
    orderHistory: build.query<OrderHistoryResponse, string>({
      query: (orderId) => `/orders/${encodeURIComponent(orderId)}/history`,
      providesTags: ['Order'],
    }),
    /** A product's reviews, newest first (public). */
    productReviews: build.query<ReviewsPage, { productId: string } & PageArgs>({
      query: ({ productId, page, size }) => ({ url: '/reviews', params: { productId, page, size } }),
      providesTags: ['Review'],
    }),
    /** The home page's latest reviews (public). */
    latestReviews: build.query<LatestReviewDto[], void>({ query: () => '/latestreviews', providesTags: ['Review'] }),
  }),
});

export const {
  useHomeProductsQuery,
  useProductsCountQuery,
  useProductsPageQuery,
  useProductQuery,
  useUserOrdersQuery,
  useAllOrdersQuery,
  useOrderHistoryQuery,
  useProductReviewsQuery,
  useLatestReviewsQuery,
} = shopApi;

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
