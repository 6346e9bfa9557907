import { TOPICS, type LatestReviewDto, type ReviewsPage } from '@toolforge/contracts';
import { injectReads } from '../../api/shopApi';
import type { PageArgs } from '../catalog/catalogApi';

declare module '../../api/shopApi' {
  /** The reviews: loaded again when one is posted. */
  interface ShopTags {
    Review: true;
  }
}

export const reviewsApi = injectReads(
  (build) => ({
    /** A product's reviews, newest first (public). */
    productReviews: build.query<ReviewsPage, { productId: string } & PageArgs>({
      query: ({ productId, page, size }) => ({ url: '/reviews', params: { productId, page, size } }),
      providesTags: ['Review'],
    }),
    /** The home page's latest reviews (public). */
    latestReviews: build.query<LatestReviewDto[], void>({ query: () => '/latestreviews', providesTags: ['Review'] }),
  }),
  { productReviews: [TOPICS.reviews], latestReviews: [TOPICS.reviews] },
  ['Review'],
);

export const { useProductReviewsQuery, useLatestReviewsQuery } = reviewsApi;
