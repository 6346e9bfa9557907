import type { SagaIterator } from 'redux-saga';
import { takeEvery, takeLeading } from 'redux-saga/effects';
import { messages } from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { sendCommand } from '../../api/commandFlow';
import { adminCommands } from './commands';
import { addProductBody, updateProductBody } from './productBody';
import { toastShown } from '../../components/toasts/toastSlice';
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
  productEditFailed,
  productEditRequested,
  productEditStarted,
  productEdited,
  productRestockFailed,
  productRestockRequested,
  productRestockStarted,
  restockClosed,
} from './adminSlice';

export const productAddedText = (name: string) => `${name} was added to the catalogue`;
export const productDeletedText = (name: string) => `${name} was deleted`;
export const adminGrantedText = (email: string) => `${email} is now an admin`;
export const productEditedText = (name: string) => `${name} was updated`;
export const productUnchangedText = (name: string) => `${name} had no changes to save`;
export const PRODUCT_NOT_EDITED = 'The product was not updated. Please try again.';
export const restockedText = (name: string, quantity: number) =>
  quantity > 0 ? `${quantity} added to the stock of ${name}` : `${-quantity} written off the stock of ${name}`;
export const PRODUCT_NOT_RESTOCKED = 'The stock was not changed. Please try again.';

/** Add product: on acknowledged, the catalogue is read again and the admin sees the list. */
function* addProduct(deps: ShopDeps, action: ReturnType<typeof productAddRequested>): SagaIterator {
  yield* sendCommand(deps, {
    started: productAddStarted(),
    send: (accessToken) => deps.commands.send(adminCommands.addProduct, accessToken, addProductBody(action.payload)),
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
    send: (accessToken) => deps.commands.send(adminCommands.deleteProduct, accessToken, productId),
    invalidates: ['Product'],
    successText: () => productDeletedText(name),
    notAcknowledged: messages.productNotDeleted,
    failed: (message) => [toastShown({ kind: 'error', text: message })],
    ended: productDeleteEnded(productId),
  });
}

/** Edit product: only the changed fields become an event; an unchanged product is answered without a position. */
function* editProduct(deps: ShopDeps, action: ReturnType<typeof productEditRequested>): SagaIterator {
  const { productId, product } = action.payload;
  yield* sendCommand(deps, {
    started: productEditStarted(),
    send: (accessToken) => deps.commands.send(adminCommands.updateProduct, accessToken, productId, updateProductBody(product)),
    invalidates: ['Product'],
    acknowledged: () => [productEdited()],
    successText: (answer) => (answer.position ? productEditedText(product.name) : productUnchangedText(product.name)),
    navigateTo: () => '/admindashboard/manageproducts',
    notAcknowledged: PRODUCT_NOT_EDITED,
    failed: (message, refusal) => [productEditFailed({ message, fields: refusal?.fields })],
  });
}

/** Restock or write-off: the dialog stays open with the server's message (e.g. what is reserved) until it goes through. */
function* restockProduct(deps: ShopDeps, action: ReturnType<typeof productRestockRequested>): SagaIterator {
  const { productId, name, restock } = action.payload;
  // Without a reason the server names it 'restock' or 'write-off' itself.
  const body = restock.reason ? restock : { quantity: restock.quantity };
  yield* sendCommand(deps, {
    started: productRestockStarted(),
    send: (accessToken) => deps.commands.send(adminCommands.restockProduct, accessToken, productId, body),
    invalidates: ['Product'],
    acknowledged: () => [restockClosed()],
    successText: () => restockedText(name, restock.quantity),
    notAcknowledged: PRODUCT_NOT_RESTOCKED,
    failed: (message, refusal) => [productRestockFailed({ message, fields: refusal?.fields })],
  });
}

/** Make Admin: grant the admin role to the account with that email. */
function* makeAdmin(deps: ShopDeps, action: ReturnType<typeof adminGrantRequested>): SagaIterator {
  const { email } = action.payload;
  yield* sendCommand(deps, {
    started: adminGrantStarted(),
    send: (accessToken) => deps.commands.send(adminCommands.makeAdmin, accessToken, { email }),
    acknowledged: () => [adminGranted(email)],
    successText: () => adminGrantedText(email),
    notAcknowledged: messages.syncFailed,
    failed: (message) => [adminGrantFailed(message)],
  });
}

export function* adminSaga(deps: ShopDeps): SagaIterator {
  yield takeLeading(productAddRequested.type, addProduct, deps);
  yield takeEvery(productDeleteRequested.type, deleteProduct, deps);
  yield takeLeading(productEditRequested.type, editProduct, deps);
  yield takeLeading(productRestockRequested.type, restockProduct, deps);
  yield takeLeading(adminGrantRequested.type, makeAdmin, deps);
}
