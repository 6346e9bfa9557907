import type { SagaIterator } from 'redux-saga';
import { takeEvery, takeLeading } from 'redux-saga/effects';
import { messages } from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { sendCommand } from '../api/commandFlow';
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

/** Add product: on acknowledged, the catalogue is read again and the admin sees the list. */
function* addProduct(deps: ShopDeps, action: ReturnType<typeof productAddRequested>): SagaIterator {
  yield* sendCommand(deps, {
    started: productAddStarted(),
    send: (accessToken) => deps.commands.addProduct(accessToken, action.payload),
    invalidates: ['Product'],
    acknowledged: () => [productAdded()],
    successText: () => productAddedText(action.payload.name),
    navigateTo: () => '/admindashboard/manageproducts',
    notAcknowledged: messages.productNotAdded,
    failed: (message, refusal) => [productAddFailed({ message, fields: refusal?.fields })],
  });
}

/** Delete product: the confirm dialog has been answered; on acknowledged the list reloads. */
function* deleteProduct(deps: ShopDeps, action: ReturnType<typeof productDeleteRequested>): SagaIterator {
  const { productId, name } = action.payload;
  yield* sendCommand(deps, {
    started: productDeleteStarted(productId),
    send: (accessToken) => deps.commands.deleteProduct(accessToken, productId),
    invalidates: ['Product'],
    successText: () => productDeletedText(name),
    notAcknowledged: messages.productNotDeleted,
    failed: (message) => [toastShown({ kind: 'error', text: message })],
    ended: productDeleteEnded(productId),
  });
}

/** Make Admin: grant the admin role to the account with that email. */
function* makeAdmin(deps: ShopDeps, action: ReturnType<typeof adminGrantRequested>): SagaIterator {
  const { email } = action.payload;
  yield* sendCommand(deps, {
    started: adminGrantStarted(),
    send: (accessToken) => deps.commands.makeAdmin(accessToken, { email }),
    acknowledged: () => [adminGranted(email)],
    successText: () => adminGrantedText(email),
    notAcknowledged: messages.syncFailed,
    failed: (message) => [adminGrantFailed(message)],
  });
}

export function* adminSaga(deps: ShopDeps): SagaIterator {
  yield takeLeading(productAddRequested.type, addProduct, deps);
  yield takeEvery(productDeleteRequested.type, deleteProduct, deps);
  yield takeLeading(adminGrantRequested.type, makeAdmin, deps);
}
