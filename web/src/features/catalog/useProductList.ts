import { useEffect } from 'react';
import type { ProductFilter, ProductSort } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { readErrorText } from '../../api/shopApi';
import { useProductsCountQuery, useProductsPageQuery } from './catalogApi';
import { listViewChosen, pageChosen, pageCountOf, pageSizeChosen, selectPageState, type ProductList } from './paginationSlice';
import { filterKey } from './catalogueView';

/** Which products a list shows and in which order: all of them, newest first, unless given. */
export interface ListView {
  readonly filter?: ProductFilter;
  readonly sort?: ProductSort;
}

/**
 * One paginated product list: the count and the current page of products (both of the list's
 * filter), and the controls' intents. A page chosen under another filter or order does not apply:
 * the list shows the first page until the store has taken the new filter.
 */
export function useProductList(list: ProductList, { filter, sort = 'newest' }: ListView = {}) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => selectPageState(root, list));
  const key = filterKey(filter);
  const sameView = state.filter === key && state.sort === sort;
  const page = sameView ? state.page : 0;
  const { size } = state;
  useEffect(() => {
    dispatch(listViewChosen({ list, filter: key, sort }));
  }, [dispatch, list, key, sort]);
  // No filter asks exactly as the lists without one do, so they share one cached answer.
  const count = useProductsCountQuery(key ? filter : undefined);
  const products = useProductsPageQuery({ page, size, ...(key && { filter }), ...(sort !== 'newest' && { sort }) });
  const total = count.data?.count ?? 0;
  return {
    page,
    size,
    total,
    pageCount: pageCountOf(total, size),
    products: products.data ?? [],
    loading: count.isLoading || products.isLoading,
    /** Whether the products shown are of the list's current filter and page (not the last ones, kept while the new ones load). */
    fetching: count.isFetching || products.isFetching,
    countError: count.isError ? readErrorText(count.error) : null,
    productsError: products.isError ? readErrorText(products.error) : null,
    choosePage: (next: number) => dispatch(pageChosen({ list, page: next })),
    chooseSize: (next: number) => dispatch(pageSizeChosen({ list, size: next })),
  };
}

export type ProductListView = ReturnType<typeof useProductList>;
