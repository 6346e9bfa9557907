import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { SalesPeriod } from './salesPeriod';

export interface SalesState {
  /** The period the admin last looked at: the side link (no period in it) opens on it again. */
  period: SalesPeriod | null;
}

const initialState: SalesState = { period: null };

const salesSlice = createSlice({
  name: 'sales',
  initialState,
  reducers: {
    /** The dashboard showed a period, picked or opened from a link. */
    salesPeriodShown(state, action: PayloadAction<SalesPeriod>) {
      const { from, to } = action.payload;
      // The same days again (each render of the page says so) change nothing, so nothing renders again.
      if (state.period?.from !== from || state.period.to !== to) state.period = { from, to };
    },
  },
});

export const { salesPeriodShown } = salesSlice.actions;
export const salesReducer = salesSlice.reducer;

export const selectLastSalesPeriod = (state: RootState) => state.sales.period;
