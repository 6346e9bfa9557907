import { TOPICS, stockHistoryPath, type StockHistoryResponse } from '@toolforge/contracts';
import { injectReads } from '../../api/shopApi';

export interface StockHistoryArgs {
  productId: string;
  /** From 0, newest first. */
  page: number;
}

/**
 * A product's stock history, for the admin: loaded again with the products (a restock or write-off,
 * an order placed or cancelled moves it), and after the admin's own writes of either topic.
 */
export const stockHistoryApi = injectReads(
  (build) => ({
    stockHistory: build.query<StockHistoryResponse, StockHistoryArgs>({
      query: ({ productId, page }) => ({ url: stockHistoryPath(productId), params: { page } }),
      providesTags: ['Product'],
    }),
  }),
  { stockHistory: [TOPICS.products, TOPICS.orders] },
  ['Product'],
);

export const { useStockHistoryQuery } = stockHistoryApi;
