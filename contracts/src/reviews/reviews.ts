import { z } from 'zod';
import { messages } from '../messages.js';
import { LIMITS } from '../constants.js';
import { identifier, plainText } from '../schemas/fields.js';
import { pageQuerySchema } from '../schemas/query.js';
import { REVIEW_LIMITS } from './limits.js';

/** What the review form calls its text field, in its refusals. */
export const REVIEW_TEXT_LABEL = 'Review';

/** A whole number of stars, given as a number or as the text a select sends ("4"). */
export const ratingSchema = z
  .union([z.number(), z.string()], { error: messages.reviewRating })
  // A text that is no whole number reads as NaN, which the number rule refuses with the same message.
  .transform((value) => (typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN))
  .pipe(
    z
      .number({ error: messages.reviewRating })
      .int(messages.reviewRating)
      .min(REVIEW_LIMITS.ratingMin, messages.reviewRating)
      .max(REVIEW_LIMITS.ratingMax, messages.reviewRating),
  );

export const reviewTextSchema = plainText({ label: REVIEW_TEXT_LABEL, multiline: true })
  .min(REVIEW_LIMITS.textMin, messages.reviewTextLength)
  .max(REVIEW_LIMITS.textMax, messages.reviewTextLength);

/** POST /review: the signed-in customer reviews a product they received; a second post edits their review. */
export const postReviewSchema = z.strictObject({
  productId: identifier('productId', LIMITS.productId),
  rating: ratingSchema,
  text: reviewTextSchema,
});
export type PostReviewInput = z.input<typeof postReviewSchema>;
export type PostReviewCommand = z.output<typeof postReviewSchema>;

/** The review form as the web fills it in (the product is the form's own). */
export const reviewFormSchema = postReviewSchema.omit({ productId: true });
export type ReviewFormInput = z.input<typeof reviewFormSchema>;

/** DELETE /review/:id (admins): why the review is taken down, one line of plain text. */
export const removeReviewSchema = z.strictObject({
  reason: plainText({ label: 'Reason' }, messages.reviewRemovalReason)
    .min(1, messages.reviewRemovalReason)
    .max(REVIEW_LIMITS.reason, messages.reasonMax),
});
export type RemoveReviewCommand = z.output<typeof removeReviewSchema>;

/** Review ids are server-made UUIDs; anything else cannot name a review. */
export const reviewIdParamsSchema = z.strictObject({ id: identifier('id', LIMITS.productId) });

/** GET /reviews: one product's reviews, newest first, paged as /products is (page from 0). */
export const reviewsQuerySchema = pageQuerySchema.extend({ productId: identifier('productId', LIMITS.productId) });
export type ReviewsQuery = z.output<typeof reviewsQuerySchema>;

/** A review as the query service shows it: who wrote it (their name, never their uid), its stars and text. */
export interface ReviewDto {
  _id: string;
  productId: string;
  userName: string;
  rating: number;
  text: string;
  postedAt: string;
  editedAt?: string;
}

/** A latest review on the home page: with the name of the product it is about. */
export interface LatestReviewDto extends ReviewDto {
  productName: string;
}

export interface ReviewsPage {
  reviews: ReviewDto[];
  page: number;
  size: number;
  total: number;
}

/** A product's stars as its cards and page show them: null average while it has no review. */
export interface ProductRating {
  averageRating: number | null;
  reviewCount: number;
}

export interface PostReviewResponse {
  acknowledged: true;
  /** Absent when the post repeated the review as it stands (nothing was appended). */
  position?: string;
  reviewId: string;
}
