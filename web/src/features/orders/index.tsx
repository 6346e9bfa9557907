import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';
import { ordersApi } from './ordersApi';
import { orderSaga } from './orderSaga';
import { orderReducer } from './orderSlice';

const OrderPage = lazy(() => import('./OrderPage'));
const MyOrdersPage = lazy(() => import('./MyOrdersPage'));

/** Placing an order, and the customer's list of them. */
export const ordersFeature = defineFeature({
  reads: ordersApi,
  reducers: { orderPlacement: orderReducer },
  saga: orderSaga,
  pages: {
    signedIn: [{ path: '/order/:id', element: <OrderPage /> }],
    userDashboard: [{ path: 'orders/:uid', element: <MyOrdersPage />, link: 'My Orders' }],
  },
});
