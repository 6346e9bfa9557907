import type { SagaIterator } from 'redux-saga';
import { call, put, takeLeading } from 'redux-saga/effects';
import { PRIVACY_PATHS, TOPICS, messages } from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { errorText } from '../../api/commandClient';
import { sendCommand } from '../../api/commandFlow';
import { saveDownload } from '../../api/fileDownload';
import { toastShown } from '../../components/toasts/toastSlice';
import { signOutHere } from '../auth/authSaga';
import { flowFinished, flowStarted } from '../auth/authSlice';
import { privacyCommands } from './commands';
import { ACCOUNT_NOT_ERASED, MY_DATA_FILE_NAME, MY_DATA_NOT_DOWNLOADED } from './privacyTexts';
import {
  accountErased,
  erasureFailed,
  erasureRequested,
  erasureStarted,
  myDataDownloadEnded,
  myDataDownloadRequested,
  myDataDownloadStarted,
} from './privacySlice';

/**
 * Saves the customer's data export as a JSON file, after their own latest writes of what it shows;
 * a refusal is said in a toast, in the server's words.
 */
function* downloadMyData(deps: ShopDeps): SagaIterator {
  yield put(myDataDownloadStarted());
  try {
    yield* saveDownload(deps, {
      path: PRIVACY_PATHS.data,
      fileName: MY_DATA_FILE_NAME,
      type: 'application/json',
      notThatType: MY_DATA_NOT_DOWNLOADED,
      topics: [TOPICS.users, TOPICS.orders, TOPICS.reviews],
    });
  } catch (error) {
    yield put(toastShown({ kind: 'error', text: errorText(error) }));
  } finally {
    yield put(myDataDownloadEnded());
  }
}

/**
 * Erases the account: the identity provider signs the customer in again with their password, and
 * that sign-in's ID token goes with the API token to POST /me/erase, which refuses an older one
 * (403) and an account with an order still under way (409): the dialog says either. Once erased,
 * the account is disabled at the provider and its sessions ended at the server, so this browser
 * signs out by itself, without telling the server, and says so on the home page.
 */
function* eraseAccount(deps: ShopDeps, action: ReturnType<typeof erasureRequested>): SagaIterator {
  yield put(erasureStarted());
  // Owning the auth flow keeps the new sign-in's token from being synced to the shop meanwhile.
  yield put(flowStarted('erase'));
  try {
    let idToken: string;
    try {
      idToken = yield call([deps.identity, deps.identity.signInAgain], action.payload.password);
    } catch (error) {
      yield put(erasureFailed(errorText(error)));
      return;
    }
    const erased: boolean = yield* sendCommand(deps, {
      send: (accessToken) => deps.commands.send(privacyCommands.eraseAccount, accessToken, { idToken }),
      notAcknowledged: ACCOUNT_NOT_ERASED,
      failed: (message) => [erasureFailed(message)],
    });
    if (!erased) return;
    yield call(signOutHere, deps);
    yield put(accountErased());
    yield put(toastShown({ kind: 'success', text: messages.accountErased }));
  } finally {
    yield put(flowFinished());
  }
}

export function* privacySaga(deps: ShopDeps): SagaIterator {
  yield takeLeading(myDataDownloadRequested.type, downloadMyData, deps);
  yield takeLeading(erasureRequested.type, eraseAccount, deps);
}
