import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiUser } from '@toolforge/contracts';
import type { IdentityUser } from './identityProvider';

/** The shop's own session: the API token from POST /login and who the server says the user is. */
export interface ShopSession {
  accessToken: string;
  user: ApiUser;
}

/**
 * A user-driven identity flow in progress; while one runs, it owns the /login sync (an erasure
 * signs in again only to prove who asks, and its new token must not sign the account in to the shop).
 */
export type AuthFlow = 'login' | 'google' | 'register' | 'reset' | 'logout' | 'profile' | 'erase';

export interface AuthState {
  /** 'loading' until the identity provider has said whether someone is signed in. */
  status: 'loading' | 'signedOut' | 'signedIn';
  user: IdentityUser | null;
  session: ShopSession | null;
  syncing: boolean;
  syncError: string | null;
  flow: AuthFlow | null;
  /** The identity provider's message for the form on screen. */
  formError: string | null;
}

const initialState: AuthState = {
  status: 'loading',
  user: null,
  session: null,
  syncing: false,
  syncError: null,
  flow: null,
  formError: null,
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    identityChanged(state, action: PayloadAction<IdentityUser>) {
      if (state.user?.uid !== action.payload.uid) state.session = null;
      state.status = 'signedIn';
      state.user = action.payload;
    },
    signedOut(state) {
      Object.assign(state, { ...initialState, status: 'signedOut', flow: state.flow });
    },
    syncStarted(state) {
      state.syncing = true;
      state.syncError = null;
    },
    sessionStarted(state, action: PayloadAction<ShopSession>) {
      state.session = action.payload;
      state.syncing = false;
      state.syncError = null;
    },
    syncFailed(state, action: PayloadAction<string>) {
      state.syncing = false;
      state.syncError = action.payload;
    },
    flowStarted(state, action: PayloadAction<AuthFlow>) {
      state.flow = action.payload;
      state.formError = null;
    },
    flowFailed(state, action: PayloadAction<string>) {
      state.flow = null;
      state.formError = action.payload;
    },
    flowFinished(state) {
      state.flow = null;
    },
    formCleared(state) {
      state.formError = null;
    },
  },
});

export const { identityChanged, signedOut, syncStarted, sessionStarted, syncFailed, flowStarted, flowFailed, flowFinished, formCleared } =
  authSlice.actions;
export const authReducer = authSlice.reducer;

// What the user asked for; the auth sagas carry each one out.
export const loginRequested = createAction<{ email: string; password: string; from: string }>('auth/loginRequested');
export const googleLoginRequested = createAction<{ from: string }>('auth/googleLoginRequested');
export const registerRequested = createAction<{ fullName: string; email: string; password: string }>('auth/registerRequested');
export const passwordResetRequested = createAction<{ email: string }>('auth/passwordResetRequested');
export const logoutRequested = createAction('auth/logoutRequested');
export const displayNameChangeRequested = createAction<{ displayName: string }>('auth/displayNameChangeRequested');
