import { lazy } from 'react';
import { defineFeature } from '../../app/shopFeature';
import { cartApi } from './cartApi';
import { cartSaga } from './cartSaga';
import { cartReducer } from './cartSlice';

const CartPage = lazy(() => import('./CartPage'));

/** The customer's cart: its lines, changed from the products and the cart page, and its checkout into one order. */
export const cartFeature = defineFeature({
  reads: cartApi,
  reducers: { cart: cartReducer },
  saga: cartSaga,
  pages: { signedIn: [{ path: '/cart', element: <CartPage /> }] },
});
