import { lazy } from 'react';
import { defineFeature } from '../../app/feature';
import { adminSaga } from './adminSaga';
import { adminReducer } from './adminSlice';

const ManageOrdersPage = lazy(() => import('./ManageOrdersPage'));
const AddProductPage = lazy(() => import('./AddProductPage'));
const MakeAdminPage = lazy(() => import('./MakeAdminPage'));
const ManageProductsPage = lazy(() => import('./ManageProductsPage'));
const EditProductPage = lazy(() => import('./EditProductPage'));

/** The admin's work: the products, the orders and the other admins. */
export const adminFeature = defineFeature({
  reducers: { admin: adminReducer },
  saga: adminSaga,
  pages: {
    adminDashboard: [
      { path: 'manageorders', element: <ManageOrdersPage /> },
      { path: 'addproduct', element: <AddProductPage /> },
      { path: 'makeadmin', element: <MakeAdminPage /> },
      { path: 'manageproducts', element: <ManageProductsPage /> },
      { path: 'editproduct/:id', element: <EditProductPage /> },
    ],
  },
});
