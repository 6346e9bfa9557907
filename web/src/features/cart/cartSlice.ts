import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';

export interface CartState {
  /** Products whose line is being set or removed: their controls wait for the answer. */
  changing: string[];
  checkout: { status: 'idle' | 'placing' | 'failed'; error: string | null };
}

const initialState: CartState = { changing: [], checkout: { status: 'idle', error: null } };

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartLineChangeStarted(state, action: PayloadAction<string>) {
      state.changing.push(action.payload);
    },
    cartLineChangeEnded(state, action: PayloadAction<string>) {
      state.changing = state.changing.filter((productId) => productId !== action.payload);
    },
    checkoutStarted(state) {
      state.checkout = { status: 'placing', error: null };
    },
    checkedOut(state) {
      state.checkout = initialState.checkout;
    },
    checkoutFailed(state, action: PayloadAction<string>) {
      state.checkout = { status: 'failed', error: action.payload };
    },
    cartOpened(state) {
      state.checkout = initialState.checkout;
    },
  },
});

export const { cartLineChangeStarted, cartLineChangeEnded, checkoutStarted, checkedOut, checkoutFailed, cartOpened } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
export const selectCartChanging = (state: RootState) => state.cart.changing;
export const selectCheckout = (state: RootState) => state.cart.checkout;

/** A product and how many: `productName` is for the messages the customer sees. */
export interface CartLineRequest {
  productId: string;
  productName: string;
  quantity: number;
}

/** "Add to cart": `quantity` more of the product than the cart holds. */
export const cartLineAddRequested = createAction<CartLineRequest>('cart/lineAddRequested');
/** The cart page's quantity: the line holds `quantity` from now on. */
export const cartLineSetRequested = createAction<CartLineRequest>('cart/lineSetRequested');
export const cartLineRemoveRequested = createAction<Omit<CartLineRequest, 'quantity'>>('cart/lineRemoveRequested');
/** Checkout's Confirm Order: every line of the cart, shipped to one address. */
export const checkoutConfirmed = createAction<{ shippingAddress: string }>('cart/checkoutConfirmed');
