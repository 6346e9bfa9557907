import type { SagaIterator } from 'redux-saga';
import { takeEvery } from 'redux-saga/effects';
import { messages } from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { sendCommand } from '../../api/commandFlow';
import { reviewCommands } from './commands';
import { toastShown } from '../../components/toasts/toastSlice';
import { reviewPostAcknowledged, reviewPostEnded, reviewPostFailed, reviewPostRequested, reviewPostStarted } from './reviewSlice';

export const REVIEW_NOT_ACKNOWLEDGED = 'The review was not posted. Please try again.';

function* postReview(deps: ShopDeps, action: ReturnType<typeof reviewPostRequested>): SagaIterator {
  const review = action.payload;
  const { productId } = review;
  yield* sendCommand(deps, {
    started: reviewPostStarted(productId),
    send: (accessToken) => deps.commands.send(reviewCommands.postReview, accessToken, review),
    // The product's stars and its reviews show the new one.
    invalidates: ['Product', 'Review'],
    acknowledged: () => [reviewPostAcknowledged(productId)],
    successText: () => messages.reviewPosted,
    notAcknowledged: REVIEW_NOT_ACKNOWLEDGED,
    failed: (message) => [reviewPostFailed({ productId, message }), toastShown({ kind: 'error', text: message })],
    ended: reviewPostEnded(productId),
  });
}

/** Reviews of different products go independently. */
export function* reviewSaga(deps: ShopDeps): SagaIterator {
  yield takeEvery(reviewPostRequested.type, postReview, deps);
}
