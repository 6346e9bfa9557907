import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import { messages, type CartDto } from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { NETWORK_RETRIES, NETWORK_RETRY_DELAY_MS, callWithRetry } from '../../api/callWithRetry';
import type { Answer } from '../../api/commandClient';
import { sendCommand } from '../../api/commandFlow';
import { shopApi } from '../../api/shopApi';
import { toastShown } from '../../components/toasts/toastSlice';
import type { ShopSession } from '../auth/authSlice';
import { selectSession } from '../auth/selectors';
import { placedOrderPayment } from '../payments/paymentPage';
import { cartApi, selectCachedCart } from './cartApi';
import {
  cartLineAddRequested,
  cartLineChangeEnded,
  cartLineChangeStarted,
  cartLineRemoveRequested,
  cartLineSetRequested,
  checkedOut,
  checkoutConfirmed,
  checkoutFailed,
  checkoutStarted,
} from './cartSlice';
import { CART_NOT_CHANGED, CHECKOUT_NOT_ACKNOWLEDGED, addedToCartText, checkedOutText, removedFromCartText } from './cartTexts';
import { cartCommands, type CartChanged } from './commands';

/** The answer of a cart change is the cart as it now stands: it is shown as it is, without reading it again. */
function cartAnswered({ lines, subtotal, surcharge, shipping, totalCost }: CartChanged) {
  const cart: CartDto = { lines, subtotal, surcharge, shipping, totalCost };
  return cartApi.util.upsertQueryEntries([{ endpointName: 'cart', arg: undefined, value: cart }]);
}

/** A change of one line: its controls wait for it, and a refusal is said in a toast (the line stays as it was). */
function* changeLine(
  deps: ShopDeps,
  productId: string,
  send: (accessToken: string) => Promise<Answer<CartChanged>>,
  successText?: (answer: CartChanged) => string,
): SagaIterator {
  yield* sendCommand(deps, {
    started: cartLineChangeStarted(productId),
    send,
    acknowledged: (answer) => [cartAnswered(answer)],
    ...(successText && { successText }),
    notAcknowledged: CART_NOT_CHANGED,
    failed: (message) => [toastShown({ kind: 'error', text: message })],
    ended: cartLineChangeEnded(productId),
  });
}

/**
 * "Add to cart" puts `quantity` more in the cart than it holds of the product. The cart as last read
 * says how many that is: every page that offers the button is a signed-in customer's, whose
 * navigation bar keeps the cart read.
 */
function* addLine(deps: ShopDeps, action: ReturnType<typeof cartLineAddRequested>): SagaIterator {
  const { productId, productName, quantity } = action.payload;
  const cart: ReturnType<typeof selectCachedCart> = yield select(selectCachedCart);
  const held = cart.data?.lines.find((line) => line.productId === productId)?.quantity ?? 0;
  yield* changeLine(
    deps,
    productId,
    (accessToken) => deps.commands.send(cartCommands.setCartLine, accessToken, productId, { quantity: held + quantity }),
    (answer) => addedToCartText(productName, answer.lines.find((line) => line.productId === productId)?.quantity ?? held + quantity),
  );
}

function* setLine(deps: ShopDeps, action: ReturnType<typeof cartLineSetRequested>): SagaIterator {
  const { productId, quantity } = action.payload;
  yield* changeLine(deps, productId, (accessToken) => deps.commands.send(cartCommands.setCartLine, accessToken, productId, { quantity }));
}

function* removeLine(deps: ShopDeps, action: ReturnType<typeof cartLineRemoveRequested>): SagaIterator {
  const { productId, productName } = action.payload;
  yield* changeLine(
    deps,
    productId,
    (accessToken) => deps.commands.send(cartCommands.removeCartLine, accessToken, productId),
    () => removedFromCartText(productName),
  );
}

/**
 * Checkout: every line of the cart becomes one order, My Orders shows it and the customer goes to pay it. A confirmed checkout
 * is sent again with the same Idempotency-Key when the network lost the answer; the next Confirm
 * Order is another checkout, with a fresh one. A refusal names the line it is about; the cart and
 * the products are read again, as what made the server refuse has likely changed them.
 */
function* checkout(deps: ShopDeps, action: ReturnType<typeof checkoutConfirmed>): SagaIterator {
  const session: ShopSession | null = yield select(selectSession);
  if (!session) {
    yield put(checkoutFailed(messages.unauthenticated));
    return;
  }
  const idempotencyKey = deps.newIdempotencyKey();
  yield* sendCommand(deps, {
    started: checkoutStarted(),
    send: (accessToken) =>
      callWithRetry(
        () => deps.commands.send(cartCommands.checkout, accessToken, action.payload, idempotencyKey),
        NETWORK_RETRIES,
        deps.retryDelayMs ?? NETWORK_RETRY_DELAY_MS,
      ),
    // The order list gains a row, the products' stock went down, and the order emptied the cart.
    invalidates: ['Order', 'Product', 'Cart'],
    acknowledged: (answer) => [checkedOut(), ...placedOrderPayment.notices(answer)],
    successText: (answer) => checkedOutText(answer.orderId),
    // My Orders first, as for one product's order (orderSaga.ts), then the provider's page to pay it.
    navigateTo: () => `/userdashboard/orders/${session.user.uid}`,
    leaveFor: placedOrderPayment.leaveFor,
    notAcknowledged: CHECKOUT_NOT_ACKNOWLEDGED,
    failed: (message, refusal) => [
      checkoutFailed(message),
      ...(refusal?.statusCode === 409 ? [shopApi.util.invalidateTags(['Cart', 'Product'])] : []),
    ],
  });
}

export function* cartSaga(deps: ShopDeps): SagaIterator {
  yield takeEvery(cartLineAddRequested.type, addLine, deps);
  yield takeEvery(cartLineSetRequested.type, setLine, deps);
  yield takeEvery(cartLineRemoveRequested.type, removeLine, deps);
  yield takeLeading(checkoutConfirmed.type, checkout, deps);
}
