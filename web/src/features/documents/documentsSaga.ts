import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { ShopDeps } from '../../app/deps';
import { NETWORK_RETRIES, NETWORK_RETRY_DELAY_MS, callWithRetry } from '../../api/callWithRetry';
import { errorText } from '../../api/commandClient';
import { sendCommand } from '../../api/commandFlow';
import { toastShown } from '../../components/toasts/toastSlice';
import { selectAccessToken } from '../auth/selectors';
import { documentCommands } from './commands';
import { EMAIL_NOT_RESENT, emailResentText } from './documentTexts';
import { fetchDocument, saveFile } from './downloadDocument';
import { documentDownloadEnded, documentDownloadRequested, documentDownloadStarted, emailResendRequested } from './documentsSlice';

/**
 * Saves a document: its PDF read with the user's bearer (again when the network lost the answer:
 * a read is safe to repeat), then handed to the browser as a file named by its number. A refusal
 * (another customer's order, no such document) is said in a toast, in the server's words.
 */
function* downloadDocument(deps: ShopDeps, action: ReturnType<typeof documentDownloadRequested>): SagaIterator {
  const { path, fileName } = action.payload;
  yield put(documentDownloadStarted(path));
  try {
    const bearer: string | null = yield select(selectAccessToken);
    const pdf: Blob = yield* callWithRetry(
      () => fetchDocument(path, bearer ?? ''),
      NETWORK_RETRIES,
      deps.retryDelayMs ?? NETWORK_RETRY_DELAY_MS,
    );
    yield call(saveFile, pdf, fileName);
  } catch (error) {
    yield put(toastShown({ kind: 'error', text: errorText(error) }));
  } finally {
    yield put(documentDownloadEnded(path));
  }
}

/**
 * Sends one of an order's e-mails again (an admin's command): the history shows the request once
 * read again. The 409 of an e-mail the order never had is said as the server words it. Its button
 * does not wait for the answer: the dialog gives focus back to it, and a second resend, asked for
 * through the dialog again, is one more e-mail, not a mistake to prevent.
 */
function* resendEmail(deps: ShopDeps, action: ReturnType<typeof emailResendRequested>): SagaIterator {
  const { orderId, email } = action.payload;
  yield* sendCommand(deps, {
    send: (accessToken) => deps.commands.send(documentCommands.resendOrderEmail, accessToken, orderId, { email }),
    invalidates: ['Order'],
    successText: () => emailResentText(email),
    notAcknowledged: EMAIL_NOT_RESENT,
    failed: (message) => [toastShown({ kind: 'error', text: message })],
  });
}

/** Each document and each order's e-mails independently: one download never waits for another. */
export function* documentsSaga(deps: ShopDeps): SagaIterator {
  yield takeEvery(documentDownloadRequested.type, downloadDocument, deps);
  yield takeEvery(emailResendRequested.type, resendEmail, deps);
}
