import { spawn } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { adminSaga } from '../features/admin/adminSaga';
import { authSaga } from '../features/auth/authSaga';
import { orderLifecycleSaga } from '../features/orderLifecycle/orderLifecycleSaga';
import { orderSaga } from '../features/orders/orderSaga';
import { paginationSaga } from '../features/catalog/paginationSaga';
import { reviewSaga } from '../features/reviews/reviewSaga';
import type { ShopDeps } from './deps';

/** Each flow is spawned: one failing saga cannot stop the others. */
export function* rootSaga(deps: ShopDeps): SagaIterator {
  yield spawn(authSaga, deps);
  yield spawn(orderSaga, deps);
  yield spawn(orderLifecycleSaga, deps);
  yield spawn(adminSaga, deps);
  yield spawn(reviewSaga, deps);
  yield spawn(paginationSaga);
}
