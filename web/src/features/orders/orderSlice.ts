import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';

export interface OrderPlacementState {
  status: 'idle' | 'placing' | 'failed';
  error: string | null;
}

const initialState: OrderPlacementState = { status: 'idle', error: null };

const orderSlice = createSlice({
  name: 'orderPlacement',
  initialState,
  reducers: {
    orderPlacementStarted(state) {
      state.status = 'placing';
      state.error = null;
    },
    orderPlaced(state) {
      state.status = 'idle';
    },
    orderFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    orderFormOpened(state) {
      state.status = 'idle';
      state.error = null;
    },
  },
});

export const { orderPlacementStarted, orderPlaced, orderFailed, orderFormOpened } = orderSlice.actions;
export const orderReducer = orderSlice.reducer;
export const selectOrderPlacement = (state: RootState) => state.orderPlacement;

/** Confirm Order: the product as the customer saw it, the quantity and where to ship. */
export interface OrderConfirmation {
  productId: string;
  productName: string;
  /** The unit price the quantity reaches on the product's ladder (two decimals, as the query service shows prices). */
  unitPrice: number;
  orderQuantity: number;
  shippingAddress: string;
}
export const orderConfirmed = createAction<OrderConfirmation>('orderPlacement/orderConfirmed');
