import { defineFeature } from '../../app/shopFeature';
import { stockHistoryApi } from './stockHistoryApi';
import { stockHistoryReducer } from './stockHistorySlice';

/**
 * A product's stock history, for the admin (docs/read-model.md#a-products-stock-history). No pages of
 * its own: its section sits in the admin's Edit Product page.
 */
export const stockHistoryFeature = defineFeature({
  reads: stockHistoryApi,
  reducers: { stockHistory: stockHistoryReducer },
});
