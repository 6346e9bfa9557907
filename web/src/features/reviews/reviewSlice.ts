import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PostReviewInput } from '@toolforge/contracts';
import type { RootState } from '../../app/store';

export interface ReviewsState {
  /** Products whose review is on its way: their forms wait. */
  posting: string[];
  /** The server's refusal of each product's last post, shown on its form. */
  errors: Record<string, string>;
  /** Products the customer reviewed in this visit: their forms say so. */
  posted: string[];
}

const initialState: ReviewsState = { posting: [], errors: {}, posted: [] };

const reviewSlice = createSlice({
  name: 'reviews',
  initialState,
  reducers: {
    reviewPostStarted(state, action: PayloadAction<string>) {
      state.posting.push(action.payload);
      delete state.errors[action.payload];
    },
    reviewPostEnded(state, action: PayloadAction<string>) {
      state.posting = state.posting.filter((productId) => productId !== action.payload);
    },
    reviewPostFailed(state, action: PayloadAction<{ productId: string; message: string }>) {
      state.errors[action.payload.productId] = action.payload.message;
    },
    reviewPostAcknowledged(state, action: PayloadAction<string>) {
      if (!state.posted.includes(action.payload)) state.posted.push(action.payload);
    },
  },
});

export const { reviewPostStarted, reviewPostEnded, reviewPostFailed, reviewPostAcknowledged } = reviewSlice.actions;
export const reviewsReducer = reviewSlice.reducer;
export const selectReviews = (state: RootState) => state.reviews;

/** The customer posts (or edits) their review of a product delivered to them. */
export const reviewPostRequested = createAction<PostReviewInput>('reviews/reviewPostRequested');
