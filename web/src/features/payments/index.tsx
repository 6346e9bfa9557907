import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';
import { paymentsSaga } from './paymentsSaga';
import { paymentsReducer } from './paymentsSlice';

const MyOrdersRedirect = lazy(() => import('./MyOrdersRedirect'));

/** Paying orders on the provider's page: Pay now, the way back from the provider, and how an order's money stands. */
export const paymentsFeature = defineFeature({
  reducers: { payments: paymentsReducer },
  saga: paymentsSaga,
  pages: {
    signedIn: [{ path: '/myorders', element: <MyOrdersRedirect /> }],
  },
});
