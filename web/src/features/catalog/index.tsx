import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';
import { catalogApi } from './catalogApi';
import { paginationSaga } from './paginationSaga';
import { paginationReducer } from './paginationSlice';

const AllProductsPage = lazy(() => import('./AllProductsPage'));

/** The products: the paged, filtered catalogue. */
export const catalogFeature = defineFeature({
  reads: catalogApi,
  reducers: { pagination: paginationReducer },
  saga: paginationSaga,
  pages: { signedIn: [{ path: '/allproducts', element: <AllProductsPage /> }] },
});
