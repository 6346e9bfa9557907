import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { readErrorText, useProductsCountQuery, useProductsPageQuery } from '../api/shopApi';
import { pageChosen, pageCountOf, pageSizeChosen, selectPageState, type ProductList } from '../pagination/paginationSlice';

/** One paginated product list: the count, the current page of products, and the controls' intents. */
export function useProductList(list: ProductList) {
  const dispatch = useAppDispatch();
  const { page, size } = useAppSelector((state) => selectPageState(state, list));
  const count = useProductsCountQuery();
  const products = useProductsPageQuery({ page, size });
  const total = count.data?.count ?? 0;
  return {
    page,
    size,
    total,
    pageCount: pageCountOf(total, size),
    products: products.data ?? [],
    loading: count.isLoading || products.isLoading,
    countError: count.isError ? readErrorText(count.error) : null,
    productsError: products.isError ? readErrorText(products.error) : null,
    choosePage: (next: number) => dispatch(pageChosen({ list, page: next })),
    chooseSize: (next: number) => dispatch(pageSizeChosen({ list, size: next })),
  };
}

export type ProductListView = ReturnType<typeof useProductList>;
