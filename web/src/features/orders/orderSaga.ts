import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLeading } from 'redux-saga/effects';
import {
  NEW_ORDER_PAYMENT,
  NEW_ORDER_STATUS,
  fromCents,
  messages,
  toCents,
  totalCostCents,
  type PlaceOrderInput,
  type PlaceOrderResponse,
} from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { callWithRetry } from '../api/callWithRetry';
import { errorText, type Answer } from '../api/commandClient';
import { shopApi } from '../api/shopApi';
import type { ShopSession } from '../auth/authSlice';
import { selectSession } from '../auth/selectors';
import { positionRecorded } from '../session/readAfterSlice';
import { orderConfirmed, orderFailed, orderPlaced, orderPlacementStarted } from './orderSlice';
import { ORDER_NOT_ACKNOWLEDGED } from './orderTexts';

/** A confirmed order is sent again with the same Idempotency-Key when the network lost the answer. */
const NETWORK_RETRIES = 2;

/** The order page's second step (SPEC §4): place the order, then show it in the user's orders. */
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
  yield put(orderPlacementStarted());
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
  try {
    const answer: Answer<PlaceOrderResponse> = yield call(
      callWithRetry,
      () => deps.commands.placeOrder(session.accessToken, order, idempotencyKey),
      NETWORK_RETRIES,
      deps.retryDelayMs ?? 800,
    );
    if (answer.acknowledged !== true) {
      yield put(orderFailed(ORDER_NOT_ACKNOWLEDGED));
      return;
    }
    yield put(positionRecorded(answer.position));
    // The order list gains a row and the product's stock went down.
    yield put(shopApi.util.invalidateTags(['Order', 'Product']));
    yield put(orderPlaced({ orderId: answer.orderId }));
    yield call(deps.navigate, `/userdashboard/orders/${session.user.uid}`);
  } catch (error) {
    yield put(orderFailed(errorText(error)));
  }
}

export function* orderSaga(deps: ShopDeps): SagaIterator {
  yield takeLeading(orderConfirmed.type, placeOrder, deps);
}
