import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { readAfterReducer } from '../api/readAfterSlice';
import { shopApi } from '../api/shopApi';
import { toastReducer } from '../components/toasts/toastSlice';
import type { ShopDeps } from './deps';
import { reducersOf } from './shopFeature';
import { shopFeatures } from './features';
import { rootSaga } from './rootSaga';

/** The features' slices, and what every feature shares: the read-after positions, the toasts and the reads' cache. */
export const rootReducer = combineReducers({
  ...reducersOf(shopFeatures),
  readAfter: readAfterReducer,
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
