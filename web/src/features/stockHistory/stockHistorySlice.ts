import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';

export interface StockHistoryState {
  /** The product whose history is open, and the page of it shown (from 0, newest first). */
  productId: string | null;
  page: number;
}

const initialState: StockHistoryState = { productId: null, page: 0 };

const stockHistorySlice = createSlice({
  name: 'stockHistory',
  initialState,
  reducers: {
    /** A product's page opened: its history starts at the newest changes, where the admin's own last move is. */
    stockHistoryOpened(_state, action: PayloadAction<string>) {
      return { productId: action.payload, page: 0 };
    },
    /** Older (the next page) or Newer (the one before). */
    stockHistoryPageChosen(state, action: PayloadAction<number>) {
      state.page = Math.max(0, Math.floor(action.payload));
    },
  },
});

export const { stockHistoryOpened, stockHistoryPageChosen } = stockHistorySlice.actions;
export const stockHistoryReducer = stockHistorySlice.reducer;

/** The page of `productId`'s history shown: the first until its page opened it. */
export const selectStockHistoryPage = (state: RootState, productId: string) =>
  state.stockHistory.productId === productId ? state.stockHistory.page : 0;
