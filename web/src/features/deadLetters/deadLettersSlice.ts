import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DeadLetterAction } from '@toolforge/contracts';
import type { RootState } from '../../app/store';

/** The one dead letter dialog open (a letter's retry or skip), and where its decision stands. */
export interface DeadLettersState {
  open: { position: string; action: DeadLetterAction } | null;
  pending: boolean;
  error: string | null;
}

const initialState: DeadLettersState = { open: null, pending: false, error: null };

const deadLettersSlice = createSlice({
  name: 'deadLetters',
  initialState,
  reducers: {
    decisionOpened(state, action: PayloadAction<{ position: string; action: DeadLetterAction }>) {
      return { ...initialState, open: action.payload };
    },
    decisionClosed() {
      return initialState;
    },
    decisionStarted(state) {
      state.pending = true;
      state.error = null;
    },
    decisionFailed(state, action: PayloadAction<string>) {
      state.pending = false;
      state.error = action.payload;
    },
  },
});

export const { decisionOpened, decisionClosed, decisionStarted, decisionFailed } = deadLettersSlice.actions;
export const deadLettersReducer = deadLettersSlice.reducer;
export const selectDeadLetterDecision = (state: RootState) => state.deadLetters;

/** The admin confirmed the open dialog's decision, with their reason. */
export const decisionRequested = createAction<{ position: string; action: DeadLetterAction; reason: string }>(
  'deadLetters/decisionRequested',
);
