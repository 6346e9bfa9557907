import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { adminReducer } from '../features/admin/adminSlice';
import { shopApi } from '../api/shopApi';
import { authReducer } from '../features/auth/authSlice';
import { orderLifecycleReducer } from '../features/orderLifecycle/orderLifecycleSlice';
import { orderReducer } from '../features/orders/orderSlice';
import { paginationReducer } from '../features/catalog/paginationSlice';
import { reviewsReducer } from '../features/reviews/reviewSlice';
import { readAfterReducer } from '../api/readAfterSlice';
import { toastReducer } from '../components/toasts/toastSlice';
import type { ShopDeps } from './deps';
import { rootSaga } from './rootSaga';

export const rootReducer = combineReducers({
  auth: authReducer,
  readAfter: readAfterReducer,
  pagination: paginationReducer,
  orderPlacement: orderReducer,
  orderLifecycle: orderLifecycleReducer,
  admin: adminReducer,
  reviews: reviewsReducer,
  toasts: toastReducer,
  [shopApi.reducerPath]: shopApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createShopStore(deps: ShopDeps, preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(shopApi.middleware, sagaMiddleware),
  });
  const rootTask = sagaMiddleware.run(rootSaga, deps);
  return Object.assign(store, { rootTask });
}

export type ShopStore = ReturnType<typeof createShopStore>;
export type AppDispatch = ShopStore['dispatch'];
