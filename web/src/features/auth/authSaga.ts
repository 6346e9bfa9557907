import { eventChannel, buffers, type EventChannel, type SagaIterator, type Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeLeading } from 'redux-saga/effects';
import { messages } from '@toolforge/contracts';
import type { ShopDeps } from '../../app/deps';
import { errorText } from '../../api/commandClient';
import { sendCommand } from '../../api/commandFlow';
import { authCommands } from './commands';
import { shopApi } from '../../api/shopApi';
import { toastShown } from '../../components/toasts/toastSlice';
import {
  displayNameChangeRequested,
  flowFailed,
  flowFinished,
  flowStarted,
  googleLoginRequested,
  identityChanged,
  loginRequested,
  logoutRequested,
  passwordResetRequested,
  registerRequested,
  sessionStarted,
  signedOut,
  syncFailed,
  syncStarted,
  type AuthState,
} from './authSlice';
import type { IdentityUser } from './identityProvider';
import { selectAuth } from './selectors';

/** The ID token the shop last exchanged for an API token: the same token twice needs no second sync. */
interface SyncMemo {
  idToken: string | null;
}

export const PROFILE_UPDATED = 'Your profile was updated';
export const verificationSent = (email: string) => `A verification email was sent to ${email}`;

function identityChannel(deps: ShopDeps): EventChannel<{ user: IdentityUser | null }> {
  return eventChannel((emit) => deps.identity.onIdTokenChanged((user) => emit({ user })), buffers.expanding(4));
}

/**
 * The login sync: trade the identity provider's ID token for the shop's API token.
 * Answers whether the server acknowledged it.
 */
export function* syncSession(deps: ShopDeps, memo: SyncMemo, user: IdentityUser, name: string): SagaIterator<boolean> {
  let idToken = '';
  const synced: boolean = yield* sendCommand(deps, {
    started: syncStarted(),
    bearer: function* (): SagaIterator<string> {
      idToken = yield call([deps.identity, deps.identity.idToken]);
      return idToken;
    },
    send: (bearer) => deps.commands.send(authCommands.login, bearer, { uid: user.uid, name, email: user.email ?? '', loggedIn: true }),
    acknowledged: (answer) => [sessionStarted({ accessToken: answer.accessToken, user: answer.user })],
    notAcknowledged: messages.syncFailed,
    // Whatever went wrong, the user is told the same: the sign-in could not be completed.
    failed: () => [syncFailed(messages.syncFailed)],
  });
  if (synced) memo.idToken = idToken;
  return synced;
}

/**
 * Follows the identity provider: sign-in at start-up (a remembered user), sign-out, and every ID
 * token refresh, which renews the API token. A user-driven flow syncs by itself, with the name it
 * knows (the register form's full name), so the watcher leaves that sign-in to it.
 */
function* watchIdentity(deps: ShopDeps, memo: SyncMemo): SagaIterator {
  const channel: EventChannel<{ user: IdentityUser | null }> = yield call(identityChannel, deps);
  let syncTask: Task | null = null;
  try {
    while (true) {
      const { user }: { user: IdentityUser | null } = yield take(channel);
      if (syncTask?.isRunning()) yield cancel(syncTask);
      if (!user) {
        memo.idToken = null;
        yield put(signedOut());
        continue;
      }
      yield put(identityChanged(user));
      const auth: AuthState = yield select(selectAuth);
      if (auth.flow !== null) continue;
      const idToken: string = yield call([deps.identity, deps.identity.idToken]);
      if (idToken === memo.idToken && auth.session?.user.uid === user.uid) continue;
      syncTask = yield fork(syncSession, deps, memo, user, user.displayName ?? '');
    }
  } finally {
    channel.close();
  }
}

/** After the provider signed the user in: sync, then go where the user was heading (replacing history). */
function* finishSignIn(deps: ShopDeps, memo: SyncMemo, user: IdentityUser, name: string, destination: string): SagaIterator {
  const synced: boolean = yield call(syncSession, deps, memo, user, name);
  yield put(flowFinished());
  if (synced) yield call(deps.navigate, destination || '/', { replace: true });
}

function* logInWithEmail(deps: ShopDeps, memo: SyncMemo, action: ReturnType<typeof loginRequested>): SagaIterator {
  yield put(flowStarted('login'));
  let user: IdentityUser;
  try {
    user = yield call([deps.identity, deps.identity.signInWithEmail], action.payload.email, action.payload.password);
  } catch (error) {
    yield put(flowFailed(errorText(error)));
    return;
  }
  yield call(finishSignIn, deps, memo, user, user.displayName ?? '', action.payload.from);
}

function* logInWithGoogle(deps: ShopDeps, memo: SyncMemo, action: ReturnType<typeof googleLoginRequested>): SagaIterator {
  yield put(flowStarted('google'));
  let user: IdentityUser;
  try {
    user = yield call([deps.identity, deps.identity.signInWithGoogle]);
  } catch (error) {
    yield put(flowFailed(errorText(error)));
    return;
  }
  yield call(finishSignIn, deps, memo, user, user.displayName ?? '', action.payload.from);
}

/** Create the account, set its display name and send the verification email before the sync, so
 * the shop learns the name with the first sign-in; then home (docs/architecture.md#9-the-products-rules). */
function* register(deps: ShopDeps, memo: SyncMemo, action: ReturnType<typeof registerRequested>): SagaIterator {
  const { fullName, email, password } = action.payload;
  yield put(flowStarted('register'));
  let named: IdentityUser;
  try {
    yield call([deps.identity, deps.identity.createAccount], email, password);
    named = yield call([deps.identity, deps.identity.updateDisplayName], fullName);
    yield call([deps.identity, deps.identity.sendVerificationEmail]);
  } catch (error) {
    yield put(flowFailed(errorText(error)));
    return;
  }
  yield put(identityChanged(named));
  yield put(toastShown({ kind: 'info', text: verificationSent(email) }));
  yield call(finishSignIn, deps, memo, named, fullName, '/');
}

function* resetPassword(deps: ShopDeps, action: ReturnType<typeof passwordResetRequested>): SagaIterator {
  yield put(flowStarted('reset'));
  yield put(toastShown({ kind: 'info', text: messages.resetLinkSent }));
  try {
    yield call([deps.identity, deps.identity.sendPasswordReset], action.payload.email);
    yield put(flowFinished());
  } catch (error) {
    yield put(flowFailed(errorText(error)));
  }
}

/** Logout: tell the shop's server first; sign out of the provider only once it acknowledged. */
function* logOut(deps: ShopDeps): SagaIterator {
  const auth: AuthState = yield select(selectAuth);
  yield put(flowStarted('logout'));
  if (auth.session) {
    const { uid } = auth.session.user;
    const closed: boolean = yield* sendCommand(deps, {
      send: (accessToken) => deps.commands.send(authCommands.logout, accessToken, { uid, loggedIn: false }),
      notAcknowledged: messages.syncFailed,
      failed: (message) => [flowFinished(), toastShown({ kind: 'error', text: message })],
      // A 401 means the server holds no session for this token any more: nothing left to close there.
      alreadyDone: (refusal) => refusal.statusCode === 401,
    });
    if (!closed) return;
  }
  yield call(signOutHere, deps);
  yield put(flowFinished());
}

/**
 * Ends the session in this browser, on the home page: what Logout does once the server has closed
 * its side, and what an erasure does, whose server side is gone with the account.
 */
export function* signOutHere(deps: ShopDeps): SagaIterator {
  // Leave the signed-in pages first, rendered at once (flushSync): a protected page still on screen
  // when the sign-out lands would send the user to /login.
  yield call(deps.navigate, '/', { replace: true, flushSync: true });
  try {
    yield call([deps.identity, deps.identity.signOut]);
  } catch (error) {
    yield put(toastShown({ kind: 'error', text: errorText(error) }));
    return;
  }
  yield put(signedOut());
  // The next person at this browser must not see this user's cached orders.
  yield put(shopApi.util.resetApiState());
}

/** Profile update: a new display name at the provider, then a new sync so the API token carries it. */
function* changeDisplayName(deps: ShopDeps, memo: SyncMemo, action: ReturnType<typeof displayNameChangeRequested>): SagaIterator {
  if (!deps.identity.currentUser()) {
    yield put(flowFailed(messages.noUserLoggedIn));
    return;
  }
  yield put(flowStarted('profile'));
  try {
    const updated: IdentityUser = yield call([deps.identity, deps.identity.updateDisplayName], action.payload.displayName);
    yield put(identityChanged(updated));
    const synced: boolean = yield call(syncSession, deps, memo, updated, action.payload.displayName);
    yield put(flowFinished());
    if (synced) yield put(toastShown({ kind: 'success', text: PROFILE_UPDATED }));
  } catch (error) {
    yield put(flowFailed(errorText(error)));
  }
}

export function* authSaga(deps: ShopDeps): SagaIterator {
  const memo: SyncMemo = { idToken: null };
  yield fork(watchIdentity, deps, memo);
  yield takeLeading(loginRequested.type, logInWithEmail, deps, memo);
  yield takeLeading(googleLoginRequested.type, logInWithGoogle, deps, memo);
  yield takeLeading(registerRequested.type, register, deps, memo);
  yield takeLeading(passwordResetRequested.type, resetPassword, deps);
  yield takeLeading(logoutRequested.type, logOut, deps);
  yield takeLeading(displayNameChangeRequested.type, changeDisplayName, deps, memo);
}
