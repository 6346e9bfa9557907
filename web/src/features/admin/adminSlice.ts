import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AddProductCommand } from '@toolforge/contracts';
import type { RootState } from '../../app/store';

interface Pending {
  pending: boolean;
  error: string | null;
}

export interface AdminState {
  addProduct: Pending & { fieldErrors: Record<string, string> };
  makeAdmin: Pending & { granted: string | null };
  /** Products whose delete is on its way. */
  deleting: string[];
}

const initialState: AdminState = {
  addProduct: { pending: false, error: null, fieldErrors: {} },
  makeAdmin: { pending: false, error: null, granted: null },
  deleting: [],
};

const adminSlice = createSlice({
  name: 'admin',
  initialState,
  reducers: {
    productAddStarted(state) {
      state.addProduct = { pending: true, error: null, fieldErrors: {} };
    },
    productAdded(state) {
      state.addProduct = { pending: false, error: null, fieldErrors: {} };
    },
    productAddFailed(state, action: PayloadAction<{ message: string; fields?: Record<string, string> }>) {
      state.addProduct = { pending: false, error: action.payload.message, fieldErrors: action.payload.fields ?? {} };
    },
    productDeleteStarted(state, action: PayloadAction<string>) {
      state.deleting.push(action.payload);
    },
    productDeleteEnded(state, action: PayloadAction<string>) {
      state.deleting = state.deleting.filter((id) => id !== action.payload);
    },
    adminGrantStarted(state) {
      state.makeAdmin = { pending: true, error: null, granted: null };
    },
    adminGranted(state, action: PayloadAction<string>) {
      state.makeAdmin = { pending: false, error: null, granted: action.payload };
    },
    adminGrantFailed(state, action: PayloadAction<string>) {
      state.makeAdmin = { pending: false, error: action.payload, granted: null };
    },
    adminFormsOpened(state) {
      state.addProduct = initialState.addProduct;
      state.makeAdmin = initialState.makeAdmin;
    },
  },
});

export const {
  productAddStarted,
  productAdded,
  productAddFailed,
  productDeleteStarted,
  productDeleteEnded,
  adminGrantStarted,
  adminGranted,
  adminGrantFailed,
  adminFormsOpened,
} = adminSlice.actions;
export const adminReducer = adminSlice.reducer;
export const selectAdmin = (state: RootState) => state.admin;

export const productAddRequested = createAction<AddProductCommand>('admin/productAddRequested');
export const productDeleteRequested = createAction<{ productId: string; name: string }>('admin/productDeleteRequested');
export const adminGrantRequested = createAction<{ email: string }>('admin/adminGrantRequested');
