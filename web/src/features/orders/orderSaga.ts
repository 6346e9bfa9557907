import type { SagaIterator } from 'redux-saga';
import { put, select, takeLeading } from 'redux-saga/effects';
import {
  NEW_ORDER_PAYMENT,
  NEW_ORDER_STATUS,
  fromCents,
  messages,
  toCents,
  totalCostCents,
  type PlaceOrderInput,
} from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { NETWORK_RETRIES, NETWORK_RETRY_DELAY_MS, callWithRetry } from '../../api/callWithRetry';
import { sendCommand } from '../../api/commandFlow';
import { orderCommands } from './commands';
import type { ShopSession } from '../auth/authSlice';
import { selectSession } from '../auth/selectors';
import { placedOrderPayment } from '../payments/paymentPage';
import { orderConfirmed, orderFailed, orderPlaced, orderPlacementStarted } from './orderSlice';
import { ORDER_NOT_ACKNOWLEDGED } from './orderTexts';

/** The order page's second step: place the order, show it in the user's orders, then go to pay it on the provider's page. */
function* placeOrder(deps: ShopDeps, action: ReturnType<typeof orderConfirmed>): SagaIterator {
  const session: ShopSession | null = yield select(selectSession);
  if (!session) {
    yield put(orderFailed(messages.unauthenticated));
    return;
  }
  const unitPriceCents = toCents(action.payload.unitPrice);
  if (unitPriceCents === null) {
    yield put(orderFailed(messages.price));
    return;
  }
  const order: PlaceOrderInput = {
    productId: action.payload.productId,
    userId: session.user.uid,
    userName: session.user.name,
    productName: action.payload.productName,
    totalCost: fromCents(totalCostCents(unitPriceCents, action.payload.orderQuantity)),
    status: NEW_ORDER_STATUS,
    payment: NEW_ORDER_PAYMENT,
    shippingAddress: action.payload.shippingAddress,
    orderQuantity: action.payload.orderQuantity,
  };
  const idempotencyKey = deps.newIdempotencyKey();
  yield* sendCommand(deps, {
    started: orderPlacementStarted(),
    // A confirmed order is sent again with the same Idempotency-Key when the network lost the answer.
    send: (accessToken) =>
      callWithRetry(
        () => deps.commands.send(orderCommands.placeOrder, accessToken, order, idempotencyKey),
        NETWORK_RETRIES,
        deps.retryDelayMs ?? NETWORK_RETRY_DELAY_MS,
      ),
    // The order list gains a row and the product's stock went down.
    invalidates: ['Order', 'Product'],
    acknowledged: (answer) => [orderPlaced(), ...placedOrderPayment.notices(answer)],
    // My Orders first: the browser's Back from the provider's page comes back to it, where Pay now is.
    navigateTo: () => `/userdashboard/orders/${session.user.uid}`,
    leaveFor: placedOrderPayment.leaveFor,
    notAcknowledged: ORDER_NOT_ACKNOWLEDGED,
    failed: (message) => [orderFailed(message)],
  });
}

export function* orderSaga(deps: ShopDeps): SagaIterator {
  yield takeLeading(orderConfirmed.type, placeOrder, deps);
}
