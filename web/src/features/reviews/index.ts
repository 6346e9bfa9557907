import { defineFeature } from '../../app/shopFeature';
import { reviewsApi } from './reviewsApi';
import { reviewSaga } from './reviewSaga';
import { reviewsReducer } from './reviewSlice';

/** The customers' reviews of the products they bought. */
export const reviewsFeature = defineFeature({
  reads: reviewsApi,
  reducers: { reviews: reviewsReducer },
  saga: reviewSaga,
});
