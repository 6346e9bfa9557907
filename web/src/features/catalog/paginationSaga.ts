import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import type { CountResponse, ProductFilter } from '@toolforge/contracts';
import { catalogApi } from './catalogApi';
import { filterKey } from './catalogueView';
import { PRODUCT_LISTS, pageChosen, pageCountOf, selectPageState, type PageState } from './paginationSlice';

/**
 * When the catalogue shrinks (a delete), a list may stand on a page past the last one: move it to
 * the last page that still has products. A count is of one filter: it moves only the lists showing
 * that filter.
 */
function* keepPagesInRange(action: { payload: CountResponse; meta: { arg: { originalArgs: ProductFilter | void } } }): SagaIterator {
  const counted = filterKey(action.meta.arg.originalArgs ?? undefined);
  for (const list of PRODUCT_LISTS) {
    const { page, size, filter }: PageState = yield select(selectPageState, list);
    if (filter !== counted) continue;
    const lastPage = Math.max(0, pageCountOf(action.payload.count, size) - 1);
    if (page > lastPage) yield put(pageChosen({ list, page: lastPage }));
  }
}

export function* paginationSaga(): SagaIterator {
  yield takeEvery(catalogApi.endpoints.productsCount.matchFulfilled, keepPagesInRange);
}
