import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SettableOrderStatus } from '@toolforge/contracts';
import type { RootState } from '../../app/store';

/** The moves an admin makes with a button; a cancel goes with a reason (orderCancelRequested). */
export type OrderAdvance = Exclude<SettableOrderStatus, 'cancelled'>;

export interface OrderLifecycleState {
  /** Orders whose status move or cancel is on its way: their buttons wait. */
  moving: string[];
}

const initialState: OrderLifecycleState = { moving: [] };

const orderLifecycleSlice = createSlice({
  name: 'orderLifecycle',
  initialState,
  reducers: {
    orderMoveStarted(state, action: PayloadAction<string>) {
      state.moving.push(action.payload);
    },
    orderMoveEnded(state, action: PayloadAction<string>) {
      state.moving = state.moving.filter((orderId) => orderId !== action.payload);
    },
  },
});

export const { orderMoveStarted, orderMoveEnded } = orderLifecycleSlice.actions;
export const orderLifecycleReducer = orderLifecycleSlice.reducer;
export const selectMovingOrders = (state: RootState) => state.orderLifecycle.moving;

/**
 * A move an admin makes with a button. Marking an order paid is for a payment made offline (a bank
 * transfer), which it names by its reference (contracts' orderStatusSchema); card payments are the provider's to report.
 */
export type OrderMove = { status: 'paid'; reference: string } | { status: Exclude<OrderAdvance, 'paid'> };

/** An admin marks an order paid (with the payment's reference), shipped or delivered. */
export const orderStatusRequested = createAction<{ orderId: string } & OrderMove>('orderLifecycle/orderStatusRequested');
/** The customer (while pending) or an admin (while pending or paid) cancels an order; the reason may be ''. */
export const orderCancelRequested = createAction<{ orderId: string; reason: string }>('orderLifecycle/orderCancelRequested');
