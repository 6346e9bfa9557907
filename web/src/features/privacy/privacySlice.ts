import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';

/** Where the customer's erasure of their account stands: the dialog shows it. */
export type Erasure = { status: 'idle' } | { status: 'working' } | { status: 'failed'; message: string } | { status: 'erased' };

export interface PrivacyState {
  erasure: Erasure;
  /** The data export is being read: its button waits. */
  downloading: boolean;
}

const initialState: PrivacyState = { erasure: { status: 'idle' }, downloading: false };

const privacySlice = createSlice({
  name: 'privacy',
  initialState,
  reducers: {
    /** The dialog opened: a refusal from an earlier attempt does not follow the customer. */
    erasureOpened(state) {
      state.erasure = { status: 'idle' };
    },
    erasureStarted(state) {
      state.erasure = { status: 'working' };
    },
    erasureFailed(state, action: PayloadAction<string>) {
      state.erasure = { status: 'failed', message: action.payload };
    },
    accountErased(state) {
      state.erasure = { status: 'erased' };
    },
    myDataDownloadStarted(state) {
      state.downloading = true;
    },
    myDataDownloadEnded(state) {
      state.downloading = false;
    },
  },
});

export const { erasureOpened, erasureStarted, erasureFailed, accountErased, myDataDownloadStarted, myDataDownloadEnded } =
  privacySlice.actions;
export const privacyReducer = privacySlice.reducer;
export const selectErasure = (state: RootState) => state.privacy.erasure;
export const selectMyDataDownloading = (state: RootState) => state.privacy.downloading;

/** The customer saves everything the shop holds about them. */
export const myDataDownloadRequested = createAction('privacy/myDataDownloadRequested');
/** The customer erases their account, proving with their password that it is them at this browser now. */
export const erasureRequested = createAction<{ password: string }>('privacy/erasureRequested');
