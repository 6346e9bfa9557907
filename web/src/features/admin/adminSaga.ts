import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import { messages, type Acknowledgement, type AddProductResponse } from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { CommandRefused, errorText, type Answer } from '../api/commandClient';
import { shopApi } from '../api/shopApi';
import { selectAccessToken } from '../auth/selectors';
import { positionRecorded } from '../session/readAfterSlice';
import { toastShown } from '../toasts/toastSlice';
import {
  adminGrantFailed,
  adminGrantRequested,
  adminGrantStarted,
  adminGranted,
  productAddFailed,
  productAddRequested,
  productAddStarted,
  productAdded,
  productDeleteEnded,
  productDeleteRequested,
  productDeleteStarted,
} from './adminSlice';

export const productAddedText = (name: string) => `${name} was added to the catalogue`;
export const productDeletedText = (name: string) => `${name} was deleted`;
export const adminGrantedText = (email: string) => `${email} is now an admin`;

/** Add product (SPEC §4): on acknowledged, the catalogue is read again and the admin sees the list. */
function* addProduct(deps: ShopDeps, action: ReturnType<typeof productAddRequested>): SagaIterator {
  const accessToken: string | null = yield select(selectAccessToken);
  yield put(productAddStarted());
  try {
    const answer: Answer<AddProductResponse> = yield call(
      [deps.commands, deps.commands.addProduct],
      accessToken ?? '',
      action.payload,
    );
    if (answer.acknowledged !== true) {
      yield put(productAddFailed({ message: messages.productNotAdded }));
      return;
    }
    yield put(positionRecorded(answer.position));
    yield put(shopApi.util.invalidateTags(['Product']));
    yield put(productAdded());
    yield put(toastShown({ kind: 'success', text: productAddedText(action.payload.name) }));
    yield call(deps.navigate, '/admindashboard/manageproducts');
  } catch (error) {
    const fields = error instanceof CommandRefused ? error.fields : undefined;
    yield put(productAddFailed({ message: errorText(error), fields }));
  }
}

/** Delete product (SPEC §4): the confirm dialog has been answered; on acknowledged the list reloads. */
function* deleteProduct(deps: ShopDeps, action: ReturnType<typeof productDeleteRequested>): SagaIterator {
  const { productId, name } = action.payload;
  const accessToken: string | null = yield select(selectAccessToken);
  yield put(productDeleteStarted(productId));
  try {
    const answer: Answer<Acknowledgement> = yield call(
      [deps.commands, deps.commands.deleteProduct],
      accessToken ?? '',
      productId,
    );
    if (answer.acknowledged !== true) {
      yield put(toastShown({ kind: 'error', text: messages.productNotDeleted }));
      return;
    }
    yield put(positionRecorded(answer.position));
    yield put(shopApi.util.invalidateTags(['Product']));
    yield put(toastShown({ kind: 'success', text: productDeletedText(name) }));
  } catch (error) {
    yield put(toastShown({ kind: 'error', text: errorText(error) }));
  } finally {
    yield put(productDeleteEnded(productId));
  }
}

/** Make Admin: grant the admin role to the account with that email (DESIGN §5). */
function* makeAdmin(deps: ShopDeps, action: ReturnType<typeof adminGrantRequested>): SagaIterator {
  const accessToken: string | null = yield select(selectAccessToken);
  yield put(adminGrantStarted());
  try {
    const answer: Answer<Acknowledgement> = yield call([deps.commands, deps.commands.makeAdmin], accessToken ?? '', {
      email: action.payload.email,
    });
    if (answer.acknowledged !== true) {
      yield put(adminGrantFailed(messages.syncFailed));
      return;
    }
    yield put(positionRecorded(answer.position));
    yield put(adminGranted(action.payload.email));
    yield put(toastShown({ kind: 'success', text: adminGrantedText(action.payload.email) }));
  } catch (error) {
    yield put(adminGrantFailed(errorText(error)));
  }
}

export function* adminSaga(deps: ShopDeps): SagaIterator {
  yield takeLeading(productAddRequested.type, addProduct, deps);
  yield takeEvery(productDeleteRequested.type, deleteProduct, deps);
  yield takeLeading(adminGrantRequested.type, makeAdmin, deps);
}
