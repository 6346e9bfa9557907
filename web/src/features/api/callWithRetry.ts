import { call, delay } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { CommandRefused } from './commandClient';

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
