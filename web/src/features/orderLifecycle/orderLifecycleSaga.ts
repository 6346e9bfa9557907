import type { SagaIterator } from 'redux-saga';
import { takeEvery } from 'redux-saga/effects';
import type { ShopDeps } from '../../app/deps';
import { NETWORK_RETRIES, NETWORK_RETRY_DELAY_MS, callWithRetry } from '../../api/callWithRetry';
import type { Answer } from '../../api/commandClient';
import { sendCommand } from '../../api/commandFlow';
import { orderLifecycleCommands, type OrderMoved } from './commands';
import { shortOrderId } from '../orders/shortOrderId';
import { toastShown } from '../../components/toasts/toastSlice';
import { orderCancelRequested, orderMoveEnded, orderMoveStarted, orderStatusRequested } from './orderLifecycleSlice';

export const orderMovedText = (orderId: string, status: string) => `Order ${shortOrderId(orderId)} is now ${status}`;
export const orderCancelledText = (orderId: string) => `Order ${shortOrderId(orderId)} was cancelled`;
export const ORDER_MOVE_NOT_ACKNOWLEDGED = 'The order was not changed. Please try again.';

/**
 * One move of one order: sent under one Idempotency-Key, again with the same key when the network
 * lost the answer (the server then answers the first answer again and appends nothing).
 */
function* moveOrder(
  deps: ShopDeps,
  orderId: string,
  send: (accessToken: string, idempotencyKey: string) => Promise<Answer<OrderMoved>>,
  { givesStockBack }: { givesStockBack: boolean },
): SagaIterator {
  const idempotencyKey = deps.newIdempotencyKey();
  yield* sendCommand(deps, {
    started: orderMoveStarted(orderId),
    send: (accessToken) =>
      callWithRetry(() => send(accessToken, idempotencyKey), NETWORK_RETRIES, deps.retryDelayMs ?? NETWORK_RETRY_DELAY_MS),
    // The lists and the timeline show the new status; a cancel also puts the quantity back in stock.
    invalidates: givesStockBack ? ['Order', 'Product'] : ['Order'],
    successText: (answer) => (answer.status === 'cancelled' ? orderCancelledText(orderId) : orderMovedText(orderId, answer.status)),
    notAcknowledged: ORDER_MOVE_NOT_ACKNOWLEDGED,
    failed: (message) => [toastShown({ kind: 'error', text: message })],
    ended: orderMoveEnded(orderId),
  });
}

function* setOrderStatus(deps: ShopDeps, action: ReturnType<typeof orderStatusRequested>): SagaIterator {
  const { orderId, ...move } = action.payload;
  yield* moveOrder(
    deps,
    orderId,
    (accessToken, key) => deps.commands.send(orderLifecycleCommands.setOrderStatus, accessToken, orderId, move, key),
    {
      givesStockBack: false,
    },
  );
}

function* cancelOrder(deps: ShopDeps, action: ReturnType<typeof orderCancelRequested>): SagaIterator {
  const { orderId, reason } = action.payload;
  // No reason given: an empty body, which the server reads as a cancel without one.
  const body = reason ? { reason } : {};
  yield* moveOrder(
    deps,
    orderId,
    (accessToken, key) => deps.commands.send(orderLifecycleCommands.cancelOrder, accessToken, orderId, body, key),
    {
      givesStockBack: true,
    },
  );
}

/** Orders move independently: a move of one order never waits for another's. */
export function* orderLifecycleSaga(deps: ShopDeps): SagaIterator {
  yield takeEvery(orderStatusRequested.type, setOrderStatus, deps);
  yield takeEvery(orderCancelRequested.type, cancelOrder, deps);
}
