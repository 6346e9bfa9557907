import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, takeLeading } from 'redux-saga/effects';
import { parsePosition, type Acknowledgement, type DeadLettersDto, type ProjectionsDto, type Topic } from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { sendCommand } from '../../api/commandFlow';
import { operatorApi } from '../operatorConsole/operatorApi';
import { deadLetterCommands } from './commands';
import { DECIDED, NOT_DECIDED } from './deadLettersTexts';
import { decisionClosed, decisionFailed, decisionRequested, decisionStarted } from './deadLettersSlice';

/** How long the list waits for the projector to act on a decision, and how often it looks. */
const PROJECTED_WITHIN_MS = 15_000;
const LOOK_EVERY_MS = 300;

/** Runs one of the console's reads now, past the cache (RTK Query's thunk, dispatched as any action is): its answer. */
function* readNow<T>(initiate: () => unknown): SagaIterator<T> {
  const request = (yield put(initiate() as UnknownAction)) as unknown as { unwrap(): Promise<T> };
  return (yield call(() => request.unwrap())) as T;
}

/**
 * Once the decision is in the log, the dead letters are read again when the projector has acted on
 * it: its partition's checkpoint past the decision's position (the console's reads take no
 * X-Read-After). A letter retried with success or skipped then leaves the list; one refused again
 * stays, with its new error.
 */
function* refreshOnceProjected(position: string): SagaIterator {
  const decided = parsePosition(position);
  for (let waited = 0; decided && waited < PROJECTED_WITHIN_MS; waited += LOOK_EVERY_MS) {
    const projections: ProjectionsDto = yield* readNow<ProjectionsDto>(() =>
      operatorApi.endpoints.projections.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    const partition = projections.partitions.find((each) => each.topic === decided.topic && each.partition === decided.partition);
    if (partition && partition.checkpoint > decided.offset) break;
    yield delay(LOOK_EVERY_MS);
  }
  yield* readNow<DeadLettersDto>(() => operatorApi.endpoints.deadLetters.initiate(undefined, { forceRefetch: true, subscribe: false }));
}

/** Sends the admin's retry or skip; the dialog closes once it is in the log, and says a refusal (a letter gone meanwhile: 404) while open. */
function* decide(deps: ShopDeps, { payload }: ReturnType<typeof decisionRequested>): SagaIterator {
  const letter = parsePosition(payload.position);
  if (!letter) return;
  // The position came from the console's list: a topic of the shop's.
  const body = { topic: letter.topic as Topic, partition: letter.partition, offset: letter.offset, reason: payload.reason };
  let position: string | undefined;
  const done: boolean = yield* sendCommand<Acknowledgement>(deps, {
    started: decisionStarted(),
    send: (bearer) => deps.commands.send(deadLetterCommands.decide, bearer, payload.action, body),
    acknowledged: (answer) => {
      position = answer.position;
      return [decisionClosed()];
    },
    successText: () => DECIDED[payload.action],
    notAcknowledged: NOT_DECIDED,
    failed: (message) => [decisionFailed(message)],
  });
  if (done && position) yield* refreshOnceProjected(position);
}

export function* deadLettersSaga(deps: ShopDeps): SagaIterator {
  yield takeLeading(decisionRequested.type, decide, deps);
}
