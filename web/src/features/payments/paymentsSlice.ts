import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';

export interface PaymentsState {
  /** Orders whose payment page is being opened (Pay now): their button waits. */
  opening: string[];
}

const initialState: PaymentsState = { opening: [] };

const paymentsSlice = createSlice({
  name: 'payments',
  initialState,
  reducers: {
    paymentPageOpening(state, action: PayloadAction<string>) {
      state.opening.push(action.payload);
    },
    paymentPageOpenEnded(state, action: PayloadAction<string>) {
      state.opening = state.opening.filter((orderId) => orderId !== action.payload);
    },
  },
});

export const { paymentPageOpening, paymentPageOpenEnded } = paymentsSlice.actions;
export const paymentsReducer = paymentsSlice.reducer;
export const selectOpeningPayments = (state: RootState) => state.payments.opening;

/** My Orders' "Pay now" of a pending order. */
export const payNowRequested = createAction<{ orderId: string }>('payments/payNowRequested');
