import type { SagaIterator } from 'redux-saga';
import { takeEvery } from 'redux-saga/effects';
import { paymentMessages } from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { sendCommand } from '../../api/commandFlow';
import { shopApi } from '../../api/shopApi';
import { toastShown } from '../../components/toasts/toastSlice';
import { paymentCommands } from './commands';
import { paymentPageUrl } from './paymentPage';
import { paymentPageOpenEnded, paymentPageOpening, payNowRequested } from './paymentsSlice';
import { PAYMENT_NOT_OPENED, PAYMENT_PAGE_OPENING } from './paymentTexts';

/**
 * Pay now: a new page on the provider's site for a pending order, and the browser sent there. It
 * appends nothing (no Idempotency-Key: a second page for the same order is harmless, the first
 * payment made wins, a second is refunded). Refusals are said as the other order actions say theirs; a
 * 409 means the order no longer awaits payment (paid or cancelled meanwhile), so the list is read again.
 */
function* payNow(deps: ShopDeps, action: ReturnType<typeof payNowRequested>): SagaIterator {
  const { orderId } = action.payload;
  yield* sendCommand(deps, {
    started: paymentPageOpening(orderId),
    send: (accessToken) => deps.commands.send(paymentCommands.payOrder, accessToken, orderId),
    acknowledged: (answer) => [
      paymentPageUrl(answer.payment)
        ? toastShown({ kind: 'info', text: PAYMENT_PAGE_OPENING })
        : toastShown({ kind: 'error', text: paymentMessages.providerUnavailable }),
    ],
    leaveFor: (answer) => paymentPageUrl(answer.payment),
    notAcknowledged: PAYMENT_NOT_OPENED,
    failed: (message, refusal) => [
      toastShown({ kind: 'error', text: message }),
      ...(refusal?.statusCode === 409 ? [shopApi.util.invalidateTags(['Order'])] : []),
    ],
    ended: paymentPageOpenEnded(orderId),
  });
}

/** Orders are paid independently: one order's page never waits for another's. */
export function* paymentsSaga(deps: ShopDeps): SagaIterator {
  yield takeEvery(payNowRequested.type, payNow, deps);
}
