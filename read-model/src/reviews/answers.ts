import { REVIEW_LIMITS, type LatestReviewDto, type ReviewDto, type ReviewsPage } from '@toolforge/contracts';
import type { LatestReviewView, ReviewReader, ReviewView } from './reviewReads.js';

/**
 * The cache area of the reviews' answers: a commit that posts, edits or removes a review moves it
 * to a new generation (and the catalogue's too: a product's answer shows its stars).
 */
export const REVIEWS_AREA = 'reviews';

/** The reviews' answers as the cache names them within the reviews area. */
export const reviewKeys = {
  latest: 'latest',
  page: (productId: string, page: number, size: number) => `product:${page}:${size}:${productId}`,
} as const;

/**
 * A review as the API shows it: its customer's name, never their uid; editedAt only once edited.
 * The optional field comes last, where the response schema's serialiser writes it, so a cached
 * answer is byte for byte the serialiser's.
 */
export function toReviewDto(review: ReviewView): ReviewDto {
  return { ...reviewFields(review), ...edited(review) };
}

function toLatestReviewDto(review: LatestReviewView): LatestReviewDto {
  return { ...reviewFields(review), productName: review.productName, ...edited(review) };
}

function reviewFields(review: ReviewView): Omit<ReviewDto, 'editedAt'> {
  return {
    _id: review.reviewId,
    productId: review.productId,
    userName: review.userName,
    rating: review.rating,
    text: review.text,
    postedAt: review.postedAt,
  };
}

const edited = ({ editedAt }: ReviewView): Pick<ReviewDto, 'editedAt'> => (editedAt === null ? {} : { editedAt });

/** The reviews' GETs, read from the read model. */
export const reviewReads = {
  page: async (store: ReviewReader, productId: string, page: number, size: number): Promise<ReviewsPage> => {
    const [reviews, total] = [
      await store.listReviews(productId, { offset: page * size, limit: size }),
      await store.countReviews(productId),
    ];
    return { reviews: reviews.map(toReviewDto), page, size, total };
  },
  latest: async (store: ReviewReader): Promise<LatestReviewDto[]> =>
    (await store.latestReviews(REVIEW_LIMITS.latest)).map(toLatestReviewDto),
};
