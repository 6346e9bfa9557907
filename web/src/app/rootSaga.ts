import { spawn } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { ShopDeps } from './deps';
import { shopFeatures } from './features';

/** Each feature's flow is spawned: one failing saga cannot stop the others. */
export function* rootSaga(deps: ShopDeps): SagaIterator {
  for (const { saga } of shopFeatures) if (saga) yield spawn(saga, deps);
}
