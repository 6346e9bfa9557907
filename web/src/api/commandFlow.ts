import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import type { ShopDeps } from '../app/deps';
import { selectAccessToken } from '../features/auth/selectors';
import { positionRecorded } from './readAfterSlice';
import { toastShown } from '../components/toasts/toastSlice';
import { CommandRefused, errorText, type Acknowledged, type Answer } from './commandClient';
import { shopApi, type ShopTag } from './shopApi';

/** One command as a saga sends it: what to send, and what the shop shows for each outcome. */
export interface CommandFlow<T extends Acknowledged> {
  /** Put before anything else: the form's or the button's pending state. */
  started?: UnknownAction;
  /** The bearer to send; the signed-in user's API token ('' when there is none) unless given. */
  bearer?: () => Promise<string> | SagaIterator<string>;
  /** Sends the command (a plain call, or a saga such as a retry loop). */
  send: (bearer: string) => Promise<Answer<T>> | SagaIterator<Answer<T>>;
  /** The reads the command changes: loaded again, after its position, so they show it. */
  invalidates?: readonly ShopTag[];
  /** Put once the server acknowledged, after its position is recorded. */
  acknowledged?: (answer: T) => UnknownAction[];
  /** The success toast, after the acknowledged actions. */
  successText?: (answer: T) => string;
  /** Where to go in the shop, once acknowledged. */
  navigateTo?: (answer: T) => string;
  /**
   * An address outside the shop to send the browser to last (the payment provider's page), or null
   * to stay; after `navigateTo`, so that the browser's Back from there comes back to that page.
   */
  leaveFor?: (answer: T) => string | null;
  /** The message when the server answered without acknowledging. */
  notAcknowledged: string;
  /** Put when the command did not go through: not acknowledged, refused, or never answered. */
  failed(message: string, refusal?: CommandRefused): UnknownAction[];
  /** A refusal that means what the command asked for already holds (e.g. nothing left to close). */
  alreadyDone?: (refusal: CommandRefused) => boolean;
  /** Put whatever the outcome, last. */
  ended?: UnknownAction;
}

function* apiToken(): SagaIterator<string> {
  const accessToken: string | null = yield select(selectAccessToken);
  return accessToken ?? '';
}

/**
 * Every command of the web app goes the same way: pending state, the bearer, the call, the
 * `acknowledged` flag read (never assumed), its position (if it appended anything) kept so the next reads of that topic wait
 * for it, the changed reads loaded again, the feature's own actions, a toast and where to go (in the shop, then perhaps away).
 * Answers whether what the command asked for now holds.
 */
export function* sendCommand<T extends Acknowledged>(deps: ShopDeps, flow: CommandFlow<T>): SagaIterator<boolean> {
  if (flow.started) yield put(flow.started);
  try {
    const bearer: string = yield call(flow.bearer ?? apiToken);
    const answer: Answer<T> = yield call(flow.send, bearer);
    if (answer.acknowledged !== true) {
      for (const action of flow.failed(flow.notAcknowledged)) yield put(action);
      return false;
    }
    const acknowledged = answer as T;
    // An edit that changed nothing appended nothing: no position to wait for, and nothing to read again.
    if (acknowledged.position) yield put(positionRecorded(acknowledged.position));
    if (acknowledged.position && flow.invalidates?.length) yield put(shopApi.util.invalidateTags([...flow.invalidates]));
    for (const action of flow.acknowledged?.(acknowledged) ?? []) yield put(action);
    if (flow.successText) yield put(toastShown({ kind: 'success', text: flow.successText(acknowledged) }));
    if (flow.navigateTo) yield call(deps.navigate, flow.navigateTo(acknowledged));
    const away = flow.leaveFor?.(acknowledged) ?? null;
    if (away !== null) yield call(deps.navigateAway, away);
    return true;
  } catch (error) {
    const refusal = error instanceof CommandRefused ? error : undefined;
    if (refusal && flow.alreadyDone?.(refusal)) return true;
    for (const action of flow.failed(errorText(error), refusal)) yield put(action);
    return false;
  } finally {
    if (flow.ended) yield put(flow.ended);
  }
}
