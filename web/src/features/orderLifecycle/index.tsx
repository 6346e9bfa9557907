import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';
import { orderHistoryApi } from './orderHistoryApi';
import { orderLifecycleSaga } from './orderLifecycleSaga';
import { orderLifecycleReducer } from './orderLifecycleSlice';

const OrderHistoryPage = lazy(() => import('./OrderHistoryPage'));

/** An order's moves after it was placed (status, cancel) and its history, for its customer and the admin. */
export const orderLifecycleFeature = defineFeature({
  reads: orderHistoryApi,
  reducers: { orderLifecycle: orderLifecycleReducer },
  saga: orderLifecycleSaga,
  pages: {
    userDashboard: [{ path: 'orderhistory/:id', element: <OrderHistoryPage viewer="customer" /> }],
    adminDashboard: [{ path: 'orderhistory/:id', element: <OrderHistoryPage viewer="admin" /> }],
  },
});
