import type { SagaIterator } from 'redux-saga';
import { put, takeEvery } from 'redux-saga/effects';
import type { ShopDeps } from '../../app/deps';
import { errorText } from '../../api/commandClient';
import { sendCommand } from '../../api/commandFlow';
import { saveDownload } from '../../api/fileDownload';
import { toastShown } from '../../components/toasts/toastSlice';
import { documentCommands } from './commands';
import { DOCUMENT_NOT_DOWNLOADED, EMAIL_NOT_RESENT, emailResentText } from './documentTexts';
import { documentDownloadEnded, documentDownloadRequested, documentDownloadStarted, emailResendRequested } from './documentsSlice';

/**
 * Saves a document under its number. A refusal (another customer's order, no such document) is
 * said in a toast, in the server's words.
 */
function* downloadDocument(deps: ShopDeps, action: ReturnType<typeof documentDownloadRequested>): SagaIterator {
  const { path, fileName } = action.payload;
  yield put(documentDownloadStarted(path));
  try {
    yield* saveDownload(deps, { path, fileName, type: 'application/pdf', notThatType: DOCUMENT_NOT_DOWNLOADED });
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
