import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';
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
      { path: 'manageorders', link: 'Manage Orders', element: <ManageOrdersPage /> },
      { path: 'addproduct', link: 'Add Product', element: <AddProductPage /> },
      { path: 'makeadmin', link: 'Make Admin', element: <MakeAdminPage /> },
      { path: 'manageproducts', link: 'Manage Products', element: <ManageProductsPage /> },
      { path: 'editproduct/:id', element: <EditProductPage /> },
    ],
  },
});
