import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';

export interface Toast {
  id: string;
  kind: 'info' | 'success' | 'error';
  text: string;
}

const toastSlice = createSlice({
  name: 'toasts',
  initialState: { items: [] as Toast[] },
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
      },
      prepare: (toast: Omit<Toast, 'id'>) => ({ payload: { id: nanoid(), ...toast } }),
    },
    toastClosed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { toastShown, toastClosed } = toastSlice.actions;
export const toastReducer = toastSlice.reducer;
export const selectToasts = (state: RootState) => state.toasts.items;
