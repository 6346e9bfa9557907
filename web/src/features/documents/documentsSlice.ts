import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderEmail } from '@toolforge/contracts';
import type { RootState } from '../../app/store';
import type { OrderDocument } from './orderDocuments';

export interface DocumentsState {
  /** The documents being downloaded, by path: their buttons wait. */
  downloading: string[];
}

const initialState: DocumentsState = { downloading: [] };

const documentsSlice = createSlice({
  name: 'documents',
  initialState,
  reducers: {
    documentDownloadStarted(state, action: PayloadAction<string>) {
      state.downloading.push(action.payload);
    },
    documentDownloadEnded(state, action: PayloadAction<string>) {
      state.downloading = state.downloading.filter((path) => path !== action.payload);
    },
  },
});

export const { documentDownloadStarted, documentDownloadEnded } = documentsSlice.actions;
export const documentsReducer = documentsSlice.reducer;
export const selectDownloadingDocuments = (state: RootState) => state.documents.downloading;

/** The customer or an admin saves one of an order's documents (its invoice or a credit note). */
export const documentDownloadRequested = createAction<Pick<OrderDocument, 'path' | 'fileName'>>('documents/documentDownloadRequested');
/** An admin sends one of an order's e-mails again. */
export const emailResendRequested = createAction<{ orderId: string; email: OrderEmail }>('documents/emailResendRequested');
