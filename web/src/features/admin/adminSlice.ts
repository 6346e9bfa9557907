import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AddProductCommand, RestockCommand, UpdateProductCommand } from '@toolforge/contracts';
import type { RootState } from '../../app/store';

interface Pending {
  pending: boolean;
  error: string | null;
}

/** A form the server checks field by field: its messages go under the fields. */
type CheckedForm = Pending & { fieldErrors: Record<string, string> };

export interface AdminState {
  addProduct: CheckedForm;
  editProduct: CheckedForm;
  /** The restock dialog: the product it is open for (null when closed). */
  restock: CheckedForm & { productId: string | null };
  makeAdmin: Pending & { granted: string | null };
  /** Products whose delete is on its way. */
  deleting: string[];
}

export interface FormFailure {
  message: string;
  fields?: Record<string, string>;
}

const idleForm: CheckedForm = { pending: false, error: null, fieldErrors: {} };
const failedForm = ({ message, fields }: FormFailure): CheckedForm => ({ pending: false, error: message, fieldErrors: fields ?? {} });

const initialState: AdminState = {
  addProduct: idleForm,
  editProduct: idleForm,
  restock: { ...idleForm, productId: null },
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
    productAddFailed(state, action: PayloadAction<FormFailure>) {
      state.addProduct = failedForm(action.payload);
    },
    productEditStarted(state) {
      state.editProduct = { ...idleForm, pending: true };
    },
    productEdited(state) {
      state.editProduct = idleForm;
    },
    productEditFailed(state, action: PayloadAction<FormFailure>) {
      state.editProduct = failedForm(action.payload);
    },
    restockOpened(state, action: PayloadAction<string>) {
      state.restock = { ...idleForm, productId: action.payload };
    },
    restockClosed(state) {
      state.restock = initialState.restock;
    },
    productRestockStarted(state) {
      state.restock = { ...state.restock, ...idleForm, pending: true };
    },
    productRestockFailed(state, action: PayloadAction<FormFailure>) {
      state.restock = { ...state.restock, ...failedForm(action.payload) };
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
      state.editProduct = initialState.editProduct;
      state.makeAdmin = initialState.makeAdmin;
    },
  },
});

export const {
  productAddStarted,
  productAdded,
  productAddFailed,
  productEditStarted,
  productEdited,
  productEditFailed,
  restockOpened,
  restockClosed,
  productRestockStarted,
  productRestockFailed,
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
export const productEditRequested = createAction<{ productId: string; product: UpdateProductCommand }>('admin/productEditRequested');
/** The restock dialog was sent: `name` is for the messages the admin sees. */
export const productRestockRequested = createAction<{ productId: string; name: string; restock: RestockCommand }>(
  'admin/productRestockRequested',
);
export const productDeleteRequested = createAction<{ productId: string; name: string }>('admin/productDeleteRequested');
export const adminGrantRequested = createAction<{ email: string }>('admin/adminGrantRequested');
