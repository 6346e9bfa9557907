import { call, delay } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { CommandRefused } from './commandClient';

/** A command sent with an Idempotency-Key is sent again this many times when the network lost the answer. */
export const NETWORK_RETRIES = 2;
/** The pause before such a retry, unless the deps give another. */
export const NETWORK_RETRY_DELAY_MS = 800;

/**
 * Calls `attempt`, trying again after `delayMs` when the request never got an answer (network
 * error). An answer from the server, even a refusal, is final. Safe only for idempotent calls.
 */
export function* callWithRetry<T>(attempt: () => Promise<T>, retries: number, delayMs: number): SagaIterator<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      const result: T = yield call(attempt);
      return result;
    } catch (error) {
      if (error instanceof CommandRefused || tries >= retries) throw error;
      yield delay(delayMs);
    }
  }
}
