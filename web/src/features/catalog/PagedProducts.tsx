import type { ReactNode } from 'react';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { Pagination } from '../../components/pagination/Pagination';
import type { ProductListView } from './useProductList';

/** A page of a product list (`children`, once loaded), with the list's error and its page links. */
export function PagedProducts({ list, children }: { list: ProductListView; children: ReactNode }) {
  return (
    <>
      <FormMessage kind="error">{list.countError ?? list.productsError}</FormMessage>
      {list.loading ? <LoadingScreen label="Loading products..." /> : children}
      <Pagination page={list.page} pageCount={list.pageCount} onPageChange={list.choosePage} label="Product pages" />
    </>
  );
}
