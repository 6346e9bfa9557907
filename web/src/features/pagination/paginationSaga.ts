import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import type { CountResponse } from '@toolforge/contracts';
import { shopApi } from '../api/shopApi';
import { PRODUCT_LISTS, pageChosen, pageCountOf, selectPageState, type PageState } from './paginationSlice';

/**
 * When the catalogue shrinks (a delete), a list may stand on a page past the last one: move it to
 * the last page that still has products.
 */
function* keepPagesInRange(action: { payload: CountResponse }): SagaIterator {
  for (const list of PRODUCT_LISTS) {
    const { page, size }: PageState = yield select(selectPageState, list);
    const lastPage = Math.max(0, pageCountOf(action.payload.count, size) - 1);
    if (page > lastPage) yield put(pageChosen({ list, page: lastPage }));
  }
}

export function* paginationSaga(): SagaIterator {
  yield takeEvery(shopApi.endpoints.productsCount.matchFulfilled, keepPagesInRange);
}
