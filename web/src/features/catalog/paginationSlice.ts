import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_PAGE_SIZE, type ProductSort } from '@toolforge/contracts';
import type { RootState } from '../../app/store';

/** The paginated product lists: the customers' grid and the admin's table keep their own place. */
export const PRODUCT_LISTS = ['allProducts', 'manageProducts'] as const;
export type ProductList = (typeof PRODUCT_LISTS)[number];

export interface PageState {
  /** From 0 (docs/architecture.md#9-the-products-rules). */
  page: number;
  size: number;
  /** The filter (catalog/catalogueView.ts filterKey, '' for none) and the order the page was chosen under. */
  filter: string;
  sort: ProductSort;
}

export type PaginationState = Record<ProductList, PageState>;

const firstPage: PageState = { page: 0, size: DEFAULT_PAGE_SIZE, filter: '', sort: 'newest' };
const initialState: PaginationState = { allProducts: firstPage, manageProducts: firstPage };

const paginationSlice = createSlice({
  name: 'pagination',
  initialState,
  reducers: {
    pageChosen(state, action: PayloadAction<{ list: ProductList; page: number }>) {
      state[action.payload.list].page = Math.max(0, Math.floor(action.payload.page));
    },
    /** A new page size starts again from the first page (docs/architecture.md#9-the-products-rules). */
    pageSizeChosen(state, action: PayloadAction<{ list: ProductList; size: number }>) {
      Object.assign(state[action.payload.list], { page: 0, size: action.payload.size });
    },
    /** Another filter or order is another list: it starts from the first page. */
    listViewChosen(state, action: PayloadAction<{ list: ProductList; filter: string; sort: ProductSort }>) {
      const { list, filter, sort } = action.payload;
      if (state[list].filter !== filter || state[list].sort !== sort) Object.assign(state[list], { page: 0, filter, sort });
    },
  },
});

export const { pageChosen, pageSizeChosen, listViewChosen } = paginationSlice.actions;
export const paginationReducer = paginationSlice.reducer;
export const selectPageState = (state: RootState, list: ProductList) => state.pagination[list];

/** pages = ceil(count / size) (docs/architecture.md#9-the-products-rules). */
export function pageCountOf(count: number, size: number): number {
  return size > 0 ? Math.ceil(count / size) : 0;
}
